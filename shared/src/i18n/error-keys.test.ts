import type { z } from 'zod';
import * as domain from '../domain';
import { API_ERROR_SLUGS, HTTP_ERROR_STATUSES } from '../domain/errors';
import de from '../locales/de.json';
import en from '../locales/en.json';
import { apiErrorKey, slugKey } from './api-error-key';

type Node = { _zod?: { def: Record<string, unknown> } };

/** Every message a zod schema declares (type errors, checks, refinements with a fixed message), recursively. */
function declaredMessages(schema: unknown, out = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  const def = (schema as Node)?._zod?.def;
  if (!def || seen.has(schema)) return out;
  seen.add(schema);
  const add = (error: unknown) => {
    if (typeof error !== 'function') return;
    const value = (error as () => unknown)();
    const message = typeof value === 'string' ? value : (value as { message?: string } | undefined)?.message;
    if (message) out.add(message);
  };
  add(def.error);
  for (const check of (def.checks as Node[] | undefined) ?? []) add(check._zod?.def.error);
  const children = [
    ...Object.values((def.shape as Record<string, unknown>) ?? {}),
    def.in,
    def.out,
    def.innerType,
    def.element,
    def.left,
    def.right,
    ...((def.options as unknown[]) ?? []),
  ];
  for (const child of children) declaredMessages(child, out, seen);
  return out;
}

const sharedSchemas = Object.entries(domain).filter(([, value]) => (value as Node)?._zod?.def) as [string, z.ZodType][];

/** Messages added inside superRefine functions cannot be read from the definition: produce them. */
const refinementMessages = domain.profileContactInputSchema
  .safeParse({ ...domain.emptyProfileContact('a@b.de'), postalCode: '1', vatID: 'DE1' })
  .error!.issues.filter((issue) => issue.code === 'custom')
  .map((issue) => issue.message)
  .concat(
    domain.dataSourceInputSchema
      .safeParse({ host: 'h\\SHOP', port: '', database: '', user: '', password: '', engine: 'mysql' })
      .error!.issues.filter((issue) => issue.code === 'custom')
      .map((issue) => issue.message),
  )
  .concat(Object.values(domain.REGISTRY_RULE_MESSAGES));

const keys = (bundle: Record<string, string>) => new Set(Object.keys(bundle));

describe('error texts in common', () => {
  it.each(API_ERROR_SLUGS)('slug %s has api_error_* in en and de', (slug) => {
    expect(slug).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
    expect(keys(en)).toContain(slugKey(slug));
    expect(keys(de)).toContain(slugKey(slug));
  });

  it('every HTTP fallback status has a text', () => {
    for (const status of HTTP_ERROR_STATUSES) {
      expect(keys(en)).toContain(`http_error_${status}`);
      expect(keys(de)).toContain(`http_error_${status}`);
    }
  });

  it('finds the shared schemas and their messages (the walk itself works)', () => {
    const names = sharedSchemas.map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['profileContactInputSchema', 'dataSourceInputSchema']));
    expect([...declaredMessages(domain.profileContactInputSchema)]).toEqual(
      expect.arrayContaining(['validation_houseNumber_required', 'validation_too_long']),
    );
    expect([...declaredMessages(domain.dataSourceInputSchema)]).toEqual(
      expect.arrayContaining(['validation_host_required', 'validation_port_invalid']),
    );
    expect(refinementMessages).toEqual([
      'validation_postalCode_invalid',
      'validation_vatID_invalid',
      'validation_host_instance',
      ...Object.values(domain.REGISTRY_RULE_MESSAGES),
    ]);
  });

  it('every message of every shared schema is an i18n key in common, en and de', () => {
    const messages = new Set(refinementMessages);
    for (const [, schema] of sharedSchemas) for (const m of declaredMessages(schema)) messages.add(m);
    const missing = [...messages].filter((m) => !(m in en) || !(m in de)).sort();
    expect(missing).toEqual([]);
    expect([...messages].filter((m) => !domain.isMessageKey(m))).toEqual([]);
  });
});

describe('apiErrorKey', () => {
  it('maps a known slug to its key', () => {
    expect(apiErrorKey({ slug: 'email-in-use', status: 409 })).toBe('api_error_email_in_use');
    expect(apiErrorKey({ slug: 'db-tls-required' })).toBe('api_error_db_tls_required');
  });
  it('falls back to the status, then to unknown_error', () => {
    expect(apiErrorKey({ slug: 'something-new', status: 404 })).toBe('http_error_404');
    expect(apiErrorKey({ slug: '', status: 500 })).toBe('http_error_500');
    expect(apiErrorKey({ status: 418 })).toBe('unknown_error');
    expect(apiErrorKey(undefined)).toBe('unknown_error');
  });
});
