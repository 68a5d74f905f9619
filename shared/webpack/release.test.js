/** @jest-environment node */
const fs = require('fs');
const os = require('os');
const path = require('path');
const zlib = require('zlib');
const { KEEP_RELEASES, publishRelease, releaseStagingDir } = require('./release');
const { createRemoteConfig } = require('./preset');

let dir;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@portal/mfe-x', version: '1.2.0' }));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What webpack writes into the staging folder. */
function build(chunkText, { staging = releaseStagingDir(dir) } = {}) {
  fs.mkdirSync(path.join(staging, 'assets'), { recursive: true });
  const manifest = JSON.stringify({ name: 'mfe_x', metaData: { publicPath: 'auto' }, shared: [], exposes: [] });
  fs.writeFileSync(path.join(staging, 'mf-manifest.json'), manifest);
  fs.writeFileSync(path.join(staging, 'mf-manifest.json.gz'), zlib.gzipSync(manifest));
  fs.writeFileSync(path.join(staging, 'remoteEntry.js'), `/* entry of ${chunkText} */`);
  fs.writeFileSync(path.join(staging, '1.abcdef12.js'), chunkText);
  fs.writeFileSync(path.join(staging, 'assets', 'card.svg'), '<svg/>');
  return staging;
}

const dist = () => path.join(dir, 'dist');
const index = () => JSON.parse(fs.readFileSync(path.join(dist(), 'releases.json'), 'utf8'));

describe('publishRelease', () => {
  it('moves the build to releases/<version>-<hash>/, stamps the manifest and lists it as current', () => {
    const id = publishRelease({ dir, staging: build('a'), name: 'mfe_x', now: new Date('2026-01-01T10:00:00Z') });
    expect(id).toMatch(/^1\.2\.0-[0-9a-f]{10}$/);
    const folder = path.join(dist(), 'releases', id);
    expect(fs.readFileSync(path.join(folder, '1.abcdef12.js'), 'utf8')).toBe('a');
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'mf-manifest.json'), 'utf8'));
    expect(manifest.portal).toEqual({
      release: id,
      version: '1.2.0',
      contract: require('../src/remote/contract.json').version,
    });
    // The compressed variant says the same as the manifest.
    expect(JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(folder, 'mf-manifest.json.gz'))))).toEqual(manifest);
    expect(index()).toEqual({
      name: 'mfe_x',
      current: id,
      releases: [
        {
          id,
          version: '1.2.0',
          contract: 1,
          builtAt: '2026-01-01T10:00:00.000Z',
          manifest: `releases/${id}/mf-manifest.json`,
        },
      ],
    });
    expect(fs.readdirSync(path.join(dist(), 'releases'))).toEqual([id]);
  });

  it('never writes a release again: the same files keep their release, other files make a new one', () => {
    const first = publishRelease({ dir, staging: build('a'), name: 'mfe_x' });
    const manifestFile = path.join(dist(), 'releases', first, 'mf-manifest.json');
    const before = fs.statSync(manifestFile).mtimeMs;
    const second = publishRelease({ dir, staging: build('b'), name: 'mfe_x' });
    expect(second).not.toBe(first);
    expect(index().releases.map((r) => r.id)).toEqual([second, first]);
    expect(publishRelease({ dir, staging: build('a'), name: 'mfe_x' })).toBe(first);
    expect(fs.statSync(manifestFile).mtimeMs).toBe(before);
    // The newest build is current; each release is listed once.
    expect(index()).toMatchObject({ current: first });
    expect(index().releases.map((r) => r.id)).toEqual([first, second]);
  });

  it(`keeps the newest ${KEEP_RELEASES} releases and removes what is not a release`, () => {
    fs.mkdirSync(dist(), { recursive: true });
    fs.writeFileSync(path.join(dist(), 'remoteEntry.js'), 'a build before releases');
    const ids = [];
    for (let n = 0; n < KEEP_RELEASES + 2; n++)
      ids.push(publishRelease({ dir, staging: build(`v${n}`), name: 'mfe_x' }));
    expect(index().releases.map((r) => r.id)).toEqual(ids.slice(2).reverse());
    expect(fs.readdirSync(path.join(dist(), 'releases')).sort()).toEqual(ids.slice(2).sort());
    expect(fs.readdirSync(dist()).sort()).toEqual(['releases', 'releases.json']);
  });

  it('a production config writes to the staging folder and ends with the release step; development does not', () => {
    const config = (mode) =>
      createRemoteConfig({ name: 'mfe_x', exposes: { './other': './src/index.ts' }, port: 3199, dir })({}, { mode });
    const production = config('production');
    expect(production.output.path).toBe(releaseStagingDir(dir));
    expect(production.plugins.at(-1).constructor.name).toBe('PortalReleasePlugin');
    const development = config('development');
    expect(development.output.path).toBe(path.join(dir, 'dist'));
    expect(development.plugins.some((p) => p.constructor.name === 'PortalReleasePlugin')).toBe(false);
  });
});
