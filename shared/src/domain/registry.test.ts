import type { z } from 'zod';
import {
  isManifestUrl,
  registryEntryInputSchema,
  registryEntryUpdateSchema,
  reservedRouteOf,
  type RegistryEntryInput,
} from './registry';

const valid: RegistryEntryInput = {
  id: 'gpsr',
  remote: 'mfe_gpsr',
  manifestUrl: '/remotes/mfe-gpsr/mf-manifest.json',
  routes: ['/features/gpsr'],
  enabled: true,
  audience: { kind: 'internal' },
  comingSoon: false,
  buyWithoutFilling: true,
  order: 50,
  card: {
    pluginName: 'gpsr',
    title: { en: 'GPSR', de: 'GPSR' },
    configurePath: '/features/gpsr',
  },
};

/** path → message of every issue. */
function issues(input: unknown, schema: z.ZodType = registryEntryInputSchema): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.') || i.code, i.message]));
}

describe('registryEntryInputSchema', () => {
  it('accepts a remote, a shell page without remote, and a sellers audience', () => {
    expect(registryEntryInputSchema.safeParse(valid).success).toBe(true);
    expect(registryEntryInputSchema.safeParse({ ...valid, remote: '', manifestUrl: '', card: null }).success).toBe(
      true,
    );
    const sellers = { ...valid, audience: { kind: 'sellers', emails: ['a@shop.de', 'B@Shop.de'] } };
    expect(registryEntryInputSchema.safeParse(sellers).success).toBe(true);
    expect(
      registryEntryInputSchema.safeParse({ ...valid, manifestUrl: 'https://cdn.test/x/mf-manifest.json' }).success,
    ).toBe(true);
  });

  it('names the field of each bad value with an i18n key', () => {
    expect(issues({ ...valid, id: 'A' })).toEqual({ id: 'validation_registry_id_invalid' });
    expect(issues({ ...valid, remote: 'mfe-gpsr' })).toEqual({ remote: 'validation_registry_remote_invalid' });
    expect(issues({ ...valid, manifestUrl: 'ftp://x/y' })).toEqual({
      manifestUrl: 'validation_registry_manifest_url_invalid',
    });
    expect(issues({ ...valid, manifestUrl: '//evil.test/x' })).toEqual({
      manifestUrl: 'validation_registry_manifest_url_invalid',
    });
    expect(issues({ ...valid, routes: [] })).toEqual({ routes: 'validation_registry_routes_required' });
    expect(issues({ ...valid, routes: ['/Features'] })).toEqual({ 'routes.0': 'validation_registry_route_invalid' });
    expect(issues({ ...valid, order: 1001 })).toEqual({ order: 'validation_registry_order_invalid' });
    expect(issues({ ...valid, audience: { kind: 'sellers', emails: [] } })).toEqual({
      'audience.emails': 'validation_registry_emails_required',
    });
    expect(issues({ ...valid, audience: { kind: 'sellers', emails: ['nope'] } })).toEqual({
      'audience.emails.0': 'validation_email_invalid',
    });
    expect(issues({ ...valid, audience: { kind: 'everyone' } })).toEqual({
      'audience.kind': 'validation_registry_audience_invalid',
    });
    expect(issues({ ...valid, card: { ...valid.card, pluginName: 'Fresh Desk' } })).toEqual({
      'card.pluginName': 'validation_registry_plugin_name_invalid',
    });
    expect(issues({ ...valid, card: { ...valid.card, title: { en: 'x', de: '' } } })).toEqual({
      'card.title.de': 'validation_registry_text_required',
    });
    expect(issues({ ...valid, card: { ...valid.card, illustration: 'http://cdn.test/x.svg' } })).toEqual({
      'card.illustration': 'validation_registry_illustration_invalid',
    });
  });

  it('rejects unknown keys, also inside the card', () => {
    expect(registryEntryInputSchema.safeParse({ ...valid, colour: 'red' }).error?.issues[0]).toMatchObject({
      code: 'unrecognized_keys',
      keys: ['colour'],
    });
    expect(
      registryEntryInputSchema.safeParse({ ...valid, card: { ...valid.card, extra: 1 } }).error?.issues[0],
    ).toMatchObject({ code: 'unrecognized_keys', path: ['card'] });
  });

  it('ties the manifest URL to the remote name', () => {
    expect(issues({ ...valid, manifestUrl: '' })).toEqual({ manifestUrl: 'validation_registry_manifest_url_required' });
    expect(issues({ ...valid, remote: '' })).toEqual({ manifestUrl: 'validation_registry_manifest_url_unexpected' });
  });

  it('refuses duplicate routes and routes on or under a shell route', () => {
    expect(issues({ ...valid, routes: ['/features/gpsr', '/features/gpsr'] })).toEqual({
      'routes.1': 'validation_registry_route_duplicate',
    });
    for (const route of ['/login', '/staff', '/staff/registry', '/dashboard', '/register', '/forgot-password']) {
      expect(issues({ ...valid, routes: ['/features/gpsr', route] })).toEqual({
        'routes.1': 'validation_registry_route_reserved',
      });
    }
    expect(issues({ ...valid, routes: ['/staffing', '/logins'] })).toEqual({});
  });

  it('the update body has no id and the same rules', () => {
    const { id: _id, ...body } = valid;
    expect(registryEntryUpdateSchema.safeParse(body).success).toBe(true);
    expect(issues({ ...body, id: 'x' }, registryEntryUpdateSchema)).toEqual({ unrecognized_keys: expect.any(String) });
    expect(issues({ ...body, routes: ['/login'] }, registryEntryUpdateSchema)).toEqual({
      'routes.0': 'validation_registry_route_reserved',
    });
  });
});

describe('helpers', () => {
  it('reservedRouteOf', () => {
    expect(reservedRouteOf('/')).toBe('/');
    expect(reservedRouteOf('/login/x')).toBe('/login');
    expect(reservedRouteOf('/features/x')).toBeNull();
  });
  it('isManifestUrl', () => {
    expect(isManifestUrl('http://127.0.0.1:3104/mf-manifest.json')).toBe(true);
    expect(isManifestUrl('https://user:pw@cdn.test/mf-manifest.json')).toBe(false);
    expect(isManifestUrl('javascript:alert(1)')).toBe(false);
    expect(isManifestUrl('mf-manifest.json')).toBe(false);
  });
});
