import contract from '../remote/contract.json';
import {
  isReleaseManifestUrl,
  majorsOf,
  PORTAL_CONTRACT_VERSION,
  RELEASE_ID_PATTERN,
  releaseInputSchema,
  releaseProblems,
  rollbackTarget,
  sharedPackageOf,
  type ShellProvides,
} from './release';

const shell: ShellProvides = {
  contract: 1,
  libraries: {
    react: '18.3.1',
    'react-dom': '18.3.1',
    '@mui/material': '7.3.11',
    'react-router-dom': '6.30.6',
    i18next: '26.7.2',
  },
};

const manifest = (shared: object[], contract: unknown = 1) => ({
  name: 'mfe_x',
  portal: { release: '0.1.0-0123456789', version: '0.1.0', contract },
  shared,
});

describe('release compatibility', () => {
  it('the contract version is declared once, in shared/src/remote/contract.json', () => {
    expect(PORTAL_CONTRACT_VERSION).toBe(contract.version);
  });

  it('reads majors from versions and ranges', () => {
    expect(majorsOf('18.3.1')).toEqual([18]);
    expect(majorsOf('^6.30.0')).toEqual([6]);
    expect(majorsOf('~7.3')).toEqual([7]);
    expect(majorsOf('>=19.0.0')).toEqual([19]);
    expect(majorsOf('^17 || ^18')).toEqual([17, 18]);
    for (const none of ['*', '', false, undefined, 'workspace:*']) expect(majorsOf(none)).toEqual([]);
    expect(sharedPackageOf('react/jsx-runtime')).toBe('react');
    expect(sharedPackageOf('@mui/material/Button')).toBe('@mui/material');
  });

  it('accepts a release built against the shell’s majors and contract (also with unchecked libraries)', () => {
    const ok = manifest([
      { name: 'react', version: '18.2.0', requiredVersion: '^18.0.0' },
      { name: 'react/jsx-runtime', version: '18.3.1', requiredVersion: '18.3.1' },
      { name: '@mui/material/Button', version: '7.0.1', requiredVersion: '^7.0.0' },
      { name: 'react-router-dom', version: '6.30.6', requiredVersion: '^17 || ^6.0.0' },
      { name: 'zustand', version: '4.0.0', requiredVersion: '^4.0.0' },
      { name: '@portal/shared', version: '0.1.0', requiredVersion: '^0.1.0' },
    ]);
    expect(releaseProblems(ok, shell)).toEqual([]);
    // A library the release does not share is one it does not use.
    expect(releaseProblems(manifest([]), shell)).toEqual([]);
  });

  it('names each library built against another major, by version or by range, once', () => {
    const bad = manifest([
      { name: 'react', version: '19.1.0', requiredVersion: '^19.0.0' },
      { name: 'react/jsx-runtime', version: '19.1.0', requiredVersion: '^19.0.0' },
      { name: '@mui/material/Button', version: '7.3.11', requiredVersion: '^6.0.0' },
      { name: 'i18next', version: '25.0.0', requiredVersion: false },
    ]);
    expect(releaseProblems(bad, shell)).toEqual([
      { library: 'react', built: '19.1.0', shell: '18.3.1' },
      { library: '@mui/material', built: '^6.0.0', shell: '7.3.11' },
      { library: 'i18next', built: '25.0.0', shell: '26.7.2' },
    ]);
  });

  it('refuses another or a missing contract version', () => {
    expect(releaseProblems(manifest([], 2), shell)).toEqual([{ library: '@portal/shared', built: '2', shell: '1' }]);
    expect(releaseProblems({ name: 'mfe_x', shared: [] }, shell)).toEqual([
      { library: '@portal/shared', built: 'none', shell: '1' },
    ]);
    expect(releaseProblems(null, shell)).toEqual([{ library: '@portal/shared', built: 'none', shell: '1' }]);
  });
});

describe('release ids and URLs', () => {
  it('an id is the version and 10 hex of the content hash', () => {
    expect(RELEASE_ID_PATTERN.test('0.1.0-0123456789')).toBe(true);
    expect(RELEASE_ID_PATTERN.test('2.0.0-beta.1-abcdef0123')).toBe(true);
    expect(RELEASE_ID_PATTERN.test('0.1.0')).toBe(false);
    expect(RELEASE_ID_PATTERN.test('latest')).toBe(false);
    expect(RELEASE_ID_PATTERN.test('0.1.0-ABCDEF0123')).toBe(false);
  });

  it('a release URL names the release folder', () => {
    const id = '0.1.0-0123456789';
    expect(isReleaseManifestUrl(`/remotes/mfe-x/releases/${id}/mf-manifest.json`, id)).toBe(true);
    expect(isReleaseManifestUrl(`https://cdn.test/x/${id}/mf-manifest.json?v=1`, id)).toBe(true);
    expect(isReleaseManifestUrl('/remotes/mfe-x/mf-manifest.json', id)).toBe(false);
    expect(isReleaseManifestUrl(`/remotes/mfe-x/${id}/other.json`, id)).toBe(false);
  });

  it('the input is one manifest URL of an mf-manifest.json, nothing else', () => {
    expect(releaseInputSchema.safeParse({ manifestUrl: '/remotes/x/r/mf-manifest.json' }).success).toBe(true);
    expect(releaseInputSchema.safeParse({ manifestUrl: '/remotes/x/r/other.json' }).error?.issues[0].message).toBe(
      'validation_registry_manifest_url_not_manifest',
    );
    expect(releaseInputSchema.safeParse({ manifestUrl: 'ftp://x/mf-manifest.json' }).success).toBe(false);
    expect(releaseInputSchema.safeParse({ manifestUrl: '/a/mf-manifest.json', live: true }).success).toBe(false);
  });
});

describe('rollbackTarget', () => {
  const at = (minute: number) => `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
  it('is the other release that went live last, none when no other was ever live', () => {
    const releases = [
      { id: 'c', liveAt: null },
      { id: 'b', liveAt: at(2) },
      { id: 'a', liveAt: at(1) },
    ];
    expect(rollbackTarget(releases, 'b')).toBe('a');
    expect(rollbackTarget(releases, 'a')).toBe('b');
    expect(rollbackTarget([{ id: 'a', liveAt: at(1) }], 'a')).toBeNull();
    expect(rollbackTarget(releases, null)).toBe('b');
  });
});
