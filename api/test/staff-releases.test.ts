import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RegistryEntry, StaffReleases } from '@portal/shared/domain';
import {
  createFirebaseUser,
  createTestApp,
  registerUser,
  uniqueEmail,
  type TestApp,
  type TestIdentity,
} from './helpers';

// The releases of a registry entry: staff add a release by its manifest URL (checked against the shell's shared
// libraries and contract), preview it for internal accounts, promote it to everybody and roll back; sellers get the
// live release's manifest URL, internal accounts the preview's.

const STAFF_EMAIL = uniqueEmail('release-staff');
const A = '0.1.0-aaaaaaaaaa';
const B = '0.2.0-bbbbbbbbbb';
const REACT_19 = '0.3.0-cccccccccc';
const CONTRACT_2 = '0.4.0-dddddddddd';
const OTHER_REMOTE = '0.5.0-eeeeeeeeee';

let t: TestApp;
let staff: TestIdentity;
let seller: TestIdentity;
let server: http.Server;
let base = '';
/** When set, B's manifest names React 19: a release that fitted when added no longer does. */
let breakB = false;

const SHARED_OK = [
  { name: 'react', version: '18.3.1', requiredVersion: '18.3.1' },
  { name: 'react/jsx-runtime', version: '18.3.1', requiredVersion: '18.3.1' },
  { name: '@mui/material/Button', version: '7.3.11', requiredVersion: '^7.3.0' },
  { name: 'react-router-dom', version: '6.30.6', requiredVersion: '^6.30.0' },
  { name: '@portal/shared', version: '0.1.0', requiredVersion: '^0.1.0' },
];

function manifest(release: string | null, { name = 'mfe_demo', shared = SHARED_OK, contract = 1 } = {}) {
  return {
    id: name,
    name,
    metaData: { name, publicPath: 'auto' },
    shared,
    exposes: [{ id: `${name}:remote`, name: 'remote', path: './remote' }],
    ...(release ? { portal: { release, version: release.split('-')[0], contract } } : {}),
  };
}

const react19 = SHARED_OK.map((s) =>
  s.name.startsWith('react') && s.name !== 'react-router-dom'
    ? { ...s, version: '19.1.0', requiredVersion: '^19.0.0' }
    : s,
);

function manifestAt(url: string): object | null {
  const release = /^\/mfe-demo\/releases\/([^/]+)\/mf-manifest\.json$/.exec(url)?.[1];
  if (url === '/mfe-demo/mf-manifest.json') return manifest(B);
  if (url === '/legacy/mf-manifest.json') return manifest(null);
  if (release === A) return manifest(A);
  if (release === B) return manifest(B, breakB ? { shared: react19 } : {});
  if (release === REACT_19) return manifest(REACT_19, { shared: react19 });
  if (release === CONTRACT_2) return manifest(CONTRACT_2, { contract: 2 });
  if (release === OTHER_REMOTE) return manifest(OTHER_REMOTE, { name: 'mfe_other' });
  return null;
}

const releaseUrl = (id: string) => `${base}/mfe-demo/releases/${id}/mf-manifest.json`;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const body = manifestAt(req.url ?? '');
    if (!body) res.writeHead(404).end('not here');
    else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ INTERNAL_EMAILS: STAFF_EMAIL, RATE_LIMIT_STRICT_MAX: '200' });
  staff = await createFirebaseUser({ email: STAFF_EMAIL });
  seller = await registerUser(t.app);
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

function inject(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers?: object, payload?: unknown) {
  return t.app.inject({ method, url, headers: headers as Record<string, string>, payload: payload as object });
}

async function createEntry(id: string, manifestUrl = `${base}/mfe-demo/mf-manifest.json`) {
  const res = await inject('POST', '/api/staff/registry', staff.headers, {
    id,
    remote: 'mfe_demo',
    manifestUrl,
    routes: [`/features/${id}`],
    enabled: true,
    audience: { kind: 'all' },
    comingSoon: false,
    buyWithoutFilling: false,
    order: 700,
    card: null,
  });
  expect(res.statusCode).toBe(201);
}

const add = (id: string, manifestUrl: string, headers: object = staff.headers) =>
  inject('POST', `/api/staff/registry/${id}/releases`, headers, { manifestUrl });
const step = (id: string, release: string, what: 'preview' | 'promote', headers: object = staff.headers) =>
  inject('POST', `/api/staff/registry/${id}/releases/${release}/${what}`, headers);

/** The manifest URL one caller's registry gives for an entry. */
async function urlFor(id: string, headers?: object): Promise<string | undefined> {
  const entries: RegistryEntry[] = (await inject('GET', '/api/portal/registry', headers)).json().entries;
  return entries.find((e) => e.id === id)?.manifestUrl;
}

describe('who may use the release routes', () => {
  const routes = (): [string, 'GET' | 'POST' | 'DELETE', string, unknown][] => [
    ['list', 'GET', '/api/staff/registry/account/releases', undefined],
    ['add', 'POST', '/api/staff/registry/account/releases', { manifestUrl: releaseUrl(A) }],
    ['preview', 'POST', `/api/staff/registry/account/releases/${A}/preview`, undefined],
    ['promote', 'POST', `/api/staff/registry/account/releases/${A}/promote`, undefined],
    ['end preview', 'DELETE', '/api/staff/registry/account/preview', undefined],
    ['rollback', 'POST', '/api/staff/registry/account/rollback', undefined],
  ];

  it('401 without a token, 403 forbidden-staff-only for a seller; nothing is fetched or changed', async () => {
    for (const [name, method, url, payload] of routes()) {
      const anonymous = await inject(method, url, undefined, payload);
      expect([name, anonymous.statusCode]).toEqual([name, 401]);
      const bySeller = await inject(method, url, seller.headers, payload);
      expect([name, bySeller.statusCode, bySeller.json().slug]).toEqual([name, 403, 'forbidden-staff-only']);
    }
    const list = (await inject('GET', '/api/staff/registry/account/releases', staff.headers)).json();
    expect(list).toEqual({ entryId: 'account', live: null, preview: null, rollbackTo: null, releases: [] });
  });
});

describe('release steps', () => {
  it('the portal server’s CSP list names the origin of a preview release too', async () => {
    // The live manifest URL is a path on the portal's own origin: the test server's origin comes from the preview.
    await createEntry('csp-demo', '/remotes/mfe-demo/mf-manifest.json');
    await add('csp-demo', releaseUrl(A));
    const before = (await inject('GET', '/api/portal/remote-origins')).json().origins;
    await step('csp-demo', A, 'preview');
    const origins = (await inject('GET', '/api/portal/remote-origins')).json().origins;
    expect(before).not.toContain(base);
    expect(origins).toContain(base);
  });

  it('add, preview for staff only, promote to everybody, roll back — each audited, sellers follow at once', async () => {
    await createEntry('demo');
    const alias = `${base}/mfe-demo/mf-manifest.json`;
    expect(await urlFor('demo', seller.headers)).toBe(alias);

    const added = await add('demo', releaseUrl(A));
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      entryId: 'demo',
      live: null,
      preview: null,
      rollbackTo: null,
      releases: [{ id: A, version: '0.1.0', manifestUrl: releaseUrl(A), addedBy: STAFF_EMAIL, liveAt: null }],
    });
    // Added is not live.
    expect(await urlFor('demo', seller.headers)).toBe(alias);

    const promotedA = await step('demo', A, 'promote');
    expect(promotedA.statusCode).toBe(200);
    expect(promotedA.json()).toMatchObject({ live: A, preview: null, rollbackTo: null });
    expect(promotedA.json().releases[0]).toMatchObject({ id: A, liveBy: STAFF_EMAIL, liveAt: expect.any(String) });
    expect(await urlFor('demo', seller.headers)).toBe(releaseUrl(A));
    expect(await urlFor('demo')).toBe(releaseUrl(A));

    expect((await add('demo', releaseUrl(B))).statusCode).toBe(201);
    const previewed = await step('demo', B, 'preview');
    expect(previewed.statusCode).toBe(200);
    expect(previewed.json()).toMatchObject({ live: A, preview: B });
    // Staff (internal accounts) get the preview; a seller and an anonymous caller still the live release.
    expect(await urlFor('demo', staff.headers)).toBe(releaseUrl(B));
    expect(await urlFor('demo', seller.headers)).toBe(releaseUrl(A));
    expect(await urlFor('demo')).toBe(releaseUrl(A));
    // The staff list names both.
    const listed = (await inject('GET', '/api/staff/registry', staff.headers)).json().entries;
    expect(listed.find((e: { id: string }) => e.id === 'demo')).toMatchObject({
      manifestUrl: releaseUrl(A),
      liveRelease: A,
      previewRelease: B,
    });

    const promotedB = await step('demo', B, 'promote');
    expect(promotedB.json()).toMatchObject({ live: B, preview: null, rollbackTo: A });
    expect(await urlFor('demo', seller.headers)).toBe(releaseUrl(B));
    expect(await urlFor('demo', staff.headers)).toBe(releaseUrl(B));

    const rolledBack = await inject('POST', '/api/staff/registry/demo/rollback', staff.headers);
    expect(rolledBack.statusCode).toBe(200);
    expect(rolledBack.json()).toMatchObject({ live: A, preview: null, rollbackTo: B });
    expect(await urlFor('demo', seller.headers)).toBe(releaseUrl(A));

    // A preview ends by itself or on request.
    await step('demo', B, 'preview');
    const ended = await inject('DELETE', '/api/staff/registry/demo/preview', staff.headers);
    expect(ended.json()).toMatchObject({ live: A, preview: null });
    expect(await urlFor('demo', staff.headers)).toBe(releaseUrl(A));

    const audit = (await inject('GET', '/api/staff/audit?entryId=demo&pageSize=20', staff.headers)).json().events;
    expect(audit.map((e: { action: string }) => e.action)).toEqual([
      'preview-end',
      'preview',
      'rollback',
      'promote',
      'preview',
      'release-add',
      'promote',
      'release-add',
      'create',
    ]);
    expect(audit.every((e: { actorEmail: string }) => e.actorEmail === STAFF_EMAIL)).toBe(true);
    const rollbackEvent = audit.find((e: { action: string }) => e.action === 'rollback');
    expect(rollbackEvent.before).toMatchObject({ liveRelease: B, manifestUrl: releaseUrl(B) });
    expect(rollbackEvent.after).toMatchObject({ liveRelease: A, manifestUrl: releaseUrl(A) });
  });

  it('refuses an incompatible release with the reason, and adds nothing', async () => {
    await createEntry('bad-demo');
    const react = await add('bad-demo', releaseUrl(REACT_19));
    expect(react.statusCode).toBe(400);
    expect(react.json()).toEqual({
      slug: 'release-incompatible',
      message: expect.stringMatching(/react 19\.1\.0 \(the shell provides 18\.3\.1\)/),
      fields: {
        manifestUrl: 'api_error_release_incompatible',
        'shared.react': 'api_error_release_library_major',
      },
    });
    const contract = await add('bad-demo', releaseUrl(CONTRACT_2));
    expect(contract.statusCode).toBe(400);
    expect(contract.json().fields).toEqual({
      manifestUrl: 'api_error_release_incompatible',
      'shared.@portal/shared': 'api_error_release_contract',
    });
    const other = await add('bad-demo', releaseUrl(OTHER_REMOTE));
    expect([other.statusCode, other.json().slug, other.json().fields.remote]).toEqual([
      400,
      'release-incompatible',
      'api_error_release_other_remote',
    ]);
    // The stable alias moves with every build: it is no release; nor is a manifest without the release block.
    for (const url of [`${base}/mfe-demo/mf-manifest.json`, `${base}/legacy/mf-manifest.json`]) {
      const res = await add('bad-demo', url);
      expect([url, res.statusCode, res.json().slug, res.json().fields]).toEqual([
        url,
        400,
        'release-not-a-release',
        { manifestUrl: 'api_error_release_not_a_release' },
      ]);
    }
    const missing = await add('bad-demo', `${base}/mfe-demo/releases/9.9.9-ffffffffff/mf-manifest.json`);
    expect([missing.statusCode, missing.json().slug, missing.json().fields]).toEqual([
      400,
      'release-unavailable',
      { manifestUrl: 'api_error_release_manifest_not_reachable' },
    ]);
    const list = (await inject('GET', '/api/staff/registry/bad-demo/releases', staff.headers)).json();
    expect(list.releases).toEqual([]);
  });

  it('checks again before preview and promote: a release that no longer fits is refused, nothing changes', async () => {
    await createEntry('recheck-demo');
    await add('recheck-demo', releaseUrl(A));
    await step('recheck-demo', A, 'promote');
    await add('recheck-demo', releaseUrl(B));
    breakB = true;
    try {
      for (const what of ['preview', 'promote'] as const) {
        const res = await step('recheck-demo', B, what);
        expect([what, res.statusCode, res.json().slug]).toEqual([what, 400, 'release-incompatible']);
      }
    } finally {
      breakB = false;
    }
    const state: StaffReleases = (
      await inject('GET', '/api/staff/registry/recheck-demo/releases', staff.headers)
    ).json();
    expect([state.live, state.preview]).toEqual([A, null]);
    expect(await urlFor('recheck-demo', staff.headers)).toBe(releaseUrl(A));
  });

  it('answers bad input with 400, unknown entries and releases with 404, conflicts with 409', async () => {
    await createEntry('input-demo');
    const notUrl = await add('input-demo', 'not a url');
    expect([notUrl.statusCode, notUrl.json().fields]).toEqual([
      400,
      { manifestUrl: 'validation_registry_manifest_url_invalid' },
    ]);
    const notManifest = await add('input-demo', `${base}/mfe-demo/releases/${A}/remoteEntry.js`);
    expect(notManifest.json().fields).toEqual({ manifestUrl: 'validation_registry_manifest_url_not_manifest' });
    const extra = await inject('POST', '/api/staff/registry/input-demo/releases', staff.headers, {
      manifestUrl: releaseUrl(A),
      live: true,
    });
    expect(extra.statusCode).toBe(400);
    const hostNotAllowed = await add('input-demo', `https://cdn.elsewhere.test/x/${A}/mf-manifest.json`);
    expect([hostNotAllowed.statusCode, hostNotAllowed.json().slug]).toEqual([400, 'manifest-host-not-allowed']);

    for (const url of ['/api/staff/registry/nope-entry/releases', '/api/staff/registry/NOT_AN_ID/releases']) {
      const res = await inject('GET', url, staff.headers);
      expect([url, res.statusCode, res.json().slug]).toEqual([url, 404, 'registry-entry-not-found']);
    }
    expect((await add('nope-entry', releaseUrl(A))).statusCode).toBe(404);
    for (const release of ['9.9.9-ffffffffff', 'latest']) {
      const res = await step('input-demo', release, 'promote');
      expect([release, res.statusCode, res.json().slug]).toEqual([release, 404, 'release-not-found']);
    }

    expect((await add('input-demo', releaseUrl(A))).statusCode).toBe(201);
    const twice = await add('input-demo', releaseUrl(A));
    expect([twice.statusCode, twice.json().slug]).toEqual([409, 'release-exists']);
    // No earlier live release to go back to: before any promote, and with only one ever live.
    const none = await inject('POST', '/api/staff/registry/input-demo/rollback', staff.headers);
    expect([none.statusCode, none.json().slug]).toEqual([409, 'release-no-rollback']);
    await step('input-demo', A, 'promote');
    expect((await inject('POST', '/api/staff/registry/input-demo/rollback', staff.headers)).statusCode).toBe(409);
  });

  it('a manifest URL set by hand leaves no live release; deleting the entry deletes its releases', async () => {
    await createEntry('hand-demo');
    await add('hand-demo', releaseUrl(A));
    await step('hand-demo', A, 'promote');
    const entry = (await inject('GET', '/api/staff/registry', staff.headers))
      .json()
      .entries.find((e: { id: string }) => e.id === 'hand-demo');
    const { id: _id, updatedAt: _at, updatedBy: _by, liveRelease: _live, previewRelease: _preview, ...input } = entry;
    const put = await inject('PUT', '/api/staff/registry/hand-demo', staff.headers, {
      ...input,
      manifestUrl: `${base}/mfe-demo/mf-manifest.json`,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ liveRelease: null, manifestUrl: `${base}/mfe-demo/mf-manifest.json` });
    const state = (await inject('GET', '/api/staff/registry/hand-demo/releases', staff.headers)).json();
    expect(state).toMatchObject({ live: null, rollbackTo: A });

    expect((await inject('DELETE', '/api/staff/registry/hand-demo', staff.headers)).statusCode).toBe(204);
    expect((await inject('GET', '/api/staff/registry/hand-demo/releases', staff.headers)).statusCode).toBe(404);
    await createEntry('hand-demo');
    expect((await inject('GET', '/api/staff/registry/hand-demo/releases', staff.headers)).json().releases).toEqual([]);
  });
});
