import { registryEntry } from '../testing/fixtures';
import { findEntryForPath } from './registry-store';
import { assertPortalRemote, resolveManifestUrl } from './remote-loader';

describe('findEntryForPath', () => {
  const entries = [
    registryEntry('licenses', { routes: ['/licenses'] }),
    registryEntry('buy', { routes: ['/licenses/buy'] }),
    registryEntry('account', { routes: ['/profile', '/user-management'] }),
  ];

  it('matches exact prefixes and sub-paths, preferring the longest prefix', () => {
    expect(findEntryForPath(entries, '/licenses')?.id).toBe('licenses');
    expect(findEntryForPath(entries, '/licenses/buy')?.id).toBe('buy');
    expect(findEntryForPath(entries, '/user-management')?.id).toBe('account');
    expect(findEntryForPath(entries, '/profile/x')?.id).toBe('account');
  });

  it('does not match a path that only starts with the same letters', () => {
    expect(findEntryForPath(entries, '/licensesXYZ')).toBeUndefined();
    expect(findEntryForPath(entries, '/unknown')).toBeUndefined();
  });
});

describe('remote loading helpers', () => {
  it('resolves relative manifest URLs against the page', () => {
    expect(resolveManifestUrl('/remotes/mfe-gpsr/mf-manifest.json', 'http://portal.test:8080/dashboard')).toBe(
      'http://portal.test:8080/remotes/mfe-gpsr/mf-manifest.json',
    );
    expect(resolveManifestUrl('http://localhost:3104/mf-manifest.json', 'http://portal.test/')).toBe(
      'http://localhost:3104/mf-manifest.json',
    );
  });

  it('accepts a module whose default export is a portal remote and rejects anything else', () => {
    const entry = registryEntry('gpsr');
    const remote = { id: 'gpsr', routes: [], translations: { en: {}, de: {} } };
    expect(assertPortalRemote({ default: remote }, entry)).toBe(remote);
    expect(() => assertPortalRemote({ default: { id: 'gpsr' } }, entry)).toThrow(
      'did not export a portal remote definition',
    );
    expect(() => assertPortalRemote(undefined, entry)).toThrow();
  });
});
