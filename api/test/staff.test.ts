import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RegistryEntryInput, StaffRegistryEntry } from '@portal/shared/domain';
import { registryAudit } from '../src/db/schema';
import { recordAudit } from '../src/modules/staff';
import {
  createFirebaseUser,
  createSubUser,
  createTestApp,
  registerUser,
  uniqueEmail,
  type TestApp,
  type TestIdentity,
} from './helpers';

// The staff console's api. Staff = INTERNAL_EMAILS with a verified email on the account record.

const STAFF_EMAIL = uniqueEmail('staff');
const UNVERIFIED_STAFF_EMAIL = uniqueEmail('staff-unverified');

let t: TestApp;
let staff: TestIdentity;
let seller: TestIdentity;
let subUser: TestIdentity;
let unverifiedStaff: TestIdentity;
let forgedClaims: { authorization: string };
let forgedOnUnverified: { authorization: string };
let manifestServer: http.Server;
let manifestBase = '';
/** Requests that reached the test server's non-manifest paths (the check must send none). */
let secretHits = 0;

/**
 * An unsigned token (the Auth emulator accepts those) for a real account whose claims say `email`, verified.
 * The signature is not what protects the staff routes: the account record is.
 */
function forgedToken(uid: string, email: string): { authorization: string } {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    iss: 'https://securetoken.google.com/demo-portal',
    aud: 'demo-portal',
    auth_time: now,
    user_id: uid,
    sub: uid,
    iat: now,
    exp: now + 3600,
    email,
    email_verified: true,
    firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
  };
  return { authorization: `Bearer ${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.` };
}

const MANIFEST = {
  id: 'mfe_demo',
  name: 'mfe_demo',
  metaData: { name: 'mfe_demo' },
  exposes: [{ id: 'mfe_demo:remote', name: 'remote', path: './remote' }],
};

beforeAll(async () => {
  manifestServer = http.createServer((req, res) => {
    if (req.url === '/slow/mf-manifest.json') {
      setTimeout(() => res.end(JSON.stringify(MANIFEST)), 4000).unref();
      return;
    }
    if (req.url?.startsWith('/secret')) {
      if (req.url !== '/secret/mf-manifest.json') secretHits++;
      res.writeHead(500).end('secret of another service');
      return;
    }
    if (req.url === '/other-json/mf-manifest.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"hello":"world"}');
      return;
    }
    const body =
      req.url === '/good/mf-manifest.json'
        ? JSON.stringify(MANIFEST)
        : req.url === '/no-remote/mf-manifest.json'
          ? JSON.stringify({ ...MANIFEST, exposes: [{ name: 'other', path: './other' }] })
          : req.url === '/html/mf-manifest.json'
            ? '<html>hello</html>'
            : null;
    if (req.url === '/moved/mf-manifest.json') {
      res.writeHead(302, { location: 'https://elsewhere.test/mf-manifest.json' }).end();
    } else if (body === null) {
      res.writeHead(404).end('not here');
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    }
  });
  await new Promise<void>((resolve) => manifestServer.listen(0, '127.0.0.1', resolve));
  manifestBase = `http://127.0.0.1:${(manifestServer.address() as AddressInfo).port}`;

  t = await createTestApp({
    INTERNAL_EMAILS: `${STAFF_EMAIL},${UNVERIFIED_STAFF_EMAIL}`,
    REMOTES_BASE_URL: '/remotes',
    RATE_LIMIT_STRICT_MAX: '100',
  });
  staff = await createFirebaseUser({ email: STAFF_EMAIL });
  seller = await registerUser(t.app);
  subUser = await createSubUser(t.app, seller);
  unverifiedStaff = await createFirebaseUser({ email: UNVERIFIED_STAFF_EMAIL, emailVerified: false });
  forgedClaims = forgedToken(seller.uid, STAFF_EMAIL);
  forgedOnUnverified = forgedToken(unverifiedStaff.uid, UNVERIFIED_STAFF_EMAIL);
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => manifestServer?.close(resolve));
});

const newEntry = (id: string, overrides: Partial<RegistryEntryInput> = {}): RegistryEntryInput => ({
  id,
  remote: `mfe_${id.replace(/-/g, '_')}`,
  manifestUrl: `http://127.0.0.1:3199/${id}/mf-manifest.json`,
  routes: [`/features/${id}`],
  enabled: true,
  audience: { kind: 'all' },
  comingSoon: false,
  buyWithoutFilling: true,
  order: 500,
  card: {
    pluginName: id.replace(/-/g, '_'),
    title: { en: `${id} card`, de: `${id} Karte` },
    configurePath: `/features/${id}`,
  },
  ...overrides,
});

const bodyOf = ({ id: _id, ...rest }: RegistryEntryInput) => rest;

function inject(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers?: object, payload?: unknown) {
  return t.app.inject({ method, url, headers: headers as Record<string, string>, payload: payload as object });
}

describe('who may use the staff routes', () => {
  const routes = (): [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown][] => [
    ['list', 'GET', '/api/staff/registry', undefined],
    ['create', 'POST', '/api/staff/registry', newEntry('walk-create')],
    ['update', 'PUT', '/api/staff/registry/account', bodyOf(newEntry('account'))],
    ['delete', 'DELETE', '/api/staff/registry/billing', undefined],
    ['check', 'POST', '/api/staff/registry/check', { manifestUrl: `${manifestBase}/good/mf-manifest.json` }],
    ['audit', 'GET', '/api/staff/audit', undefined],
  ];

  it('answers 401 to anonymous callers and a broken token on every route', async () => {
    for (const [name, method, url, payload] of routes()) {
      const anonymous = await inject(method, url, undefined, payload);
      expect([name, anonymous.statusCode, anonymous.json().slug]).toEqual([name, 401, 'unable-to-verify-jwt']);
      const broken = await inject(method, url, { authorization: 'Bearer nope' }, payload);
      expect([name, broken.statusCode]).toEqual([name, 401]);
    }
    // Access is decided before the body is read: a bad body tells a stranger nothing.
    expect((await inject('POST', '/api/staff/registry', undefined, { colour: 1 })).statusCode).toBe(401);
    expect((await inject('POST', '/api/staff/registry', seller.headers, { colour: 1 })).statusCode).toBe(403);
  });

  it('answers 403 forbidden-staff-only to a seller, a sub-user, an unverified staff address and forged claims', async () => {
    const callers: [string, object][] = [
      ['seller', seller.headers],
      ['sub-user', subUser.headers],
      ['unverified staff email', unverifiedStaff.headers],
      ['forged email claim on a seller account', forgedClaims],
      ['forged verified claim on the unverified staff account', forgedOnUnverified],
    ];
    for (const [who, headers] of callers) {
      for (const [name, method, url, payload] of routes()) {
        const res = await inject(method, url, headers, payload);
        expect([who, name, res.statusCode, res.json().slug]).toEqual([who, name, 403, 'forbidden-staff-only']);
      }
    }
    // Nothing changed: the forbidden create and delete left the registry as it was.
    const list = await inject('GET', '/api/staff/registry', staff.headers);
    const ids = list.json().entries.map((e: StaffRegistryEntry) => e.id);
    expect(ids).toContain('billing');
    expect(ids).not.toContain('walk-create');
  });

  it('a verified look-alike of the staff address (blank, tab or no-break space around it) is no staff', async () => {
    const lookalikes = [`${STAFF_EMAIL} `, ` ${STAFF_EMAIL}`, `${STAFF_EMAIL}\t`, `${STAFF_EMAIL}\u00a0`];
    const created = await inject('POST', '/api/staff/registry', staff.headers, {
      ...newEntry('staff-eyes'),
      audience: { kind: 'internal' },
    });
    expect(created.statusCode).toBe(201);
    for (const email of lookalikes) {
      // A verified account in the identity provider whose stored email differs from the staff address only by
      // the blank; its own token carries the same email.
      const lookalike = await createFirebaseUser({ email, emailVerified: true });
      expect((await t.app.firebaseAuth.getUser(lookalike.uid)).email).toBe(email);
      for (const headers of [lookalike.headers, forgedToken(lookalike.uid, email)]) {
        for (const [name, method, url, payload] of routes()) {
          const res = await inject(method, url, headers, payload);
          expect([email, name, res.statusCode, res.json().slug]).toEqual([email, name, 403, 'forbidden-staff-only']);
        }
        expect((await inject('GET', '/api/staff/whoami', headers)).json()).toEqual({ staff: false });
        // Nor does it see what only staff see in the registry.
        const visible = (await inject('GET', '/api/portal/registry', headers)).json().entries;
        expect(visible.map((e: { id: string }) => e.id)).not.toContain('staff-eyes');
      }
    }
    // Nothing was written in the staff's name, and the real staff address still works.
    const audit = (await inject('GET', '/api/staff/audit?pageSize=100', staff.headers)).json();
    expect(audit.events.map((e: { entryId: string }) => e.entryId)).not.toContain('walk-create');
    expect((await inject('GET', '/api/staff/registry', staff.headers)).statusCode).toBe(200);
    expect((await inject('GET', '/api/staff/whoami', staff.headers)).json()).toEqual({ staff: true });
    const staffView = (await inject('GET', '/api/portal/registry', staff.headers)).json().entries;
    expect(staffView.map((e: { id: string }) => e.id)).toContain('staff-eyes');
    await inject('DELETE', '/api/staff/registry/staff-eyes', staff.headers);
  });

  it('whoami answers any signed-in account, staff only for the verified staff account', async () => {
    expect((await inject('GET', '/api/staff/whoami', staff.headers)).json()).toEqual({ staff: true });
    expect((await inject('GET', '/api/staff/whoami', seller.headers)).json()).toEqual({ staff: false });
    expect((await inject('GET', '/api/staff/whoami', subUser.headers)).json()).toEqual({ staff: false });
    expect((await inject('GET', '/api/staff/whoami', unverifiedStaff.headers)).json()).toEqual({ staff: false });
    expect((await inject('GET', '/api/staff/whoami', forgedClaims)).json()).toEqual({ staff: false });
    expect((await inject('GET', '/api/staff/whoami', forgedOnUnverified)).json()).toEqual({ staff: false });
    expect((await inject('GET', '/api/staff/whoami')).statusCode).toBe(401);
  });
});

describe('registry entries', () => {
  it('lists every seeded entry with its bookkeeping, in order', async () => {
    const res = await inject('GET', '/api/staff/registry', staff.headers);
    expect(res.statusCode).toBe(200);
    const entries: StaffRegistryEntry[] = res.json().entries;
    expect(entries.map((e) => e.id)).toEqual(
      expect.arrayContaining(['account', 'billing', 'licenses', 'freshdesk', 'mobile', 'gpsr', 'lieferbar']),
    );
    expect(entries.map((e) => e.order)).toEqual([...entries.map((e) => e.order)].sort((a, b) => a - b));
    expect(entries.find((e) => e.id === 'gpsr')).toMatchObject({
      remote: 'mfe_gpsr',
      manifestUrl: '/remotes/mfe-gpsr/mf-manifest.json',
      enabled: true,
      audience: { kind: 'internal' },
      buyWithoutFilling: true,
      card: { pluginName: 'gpsr', configurePath: '/features/gpsr' },
      updatedBy: null,
    });
    expect(Date.parse(entries[0].updatedAt)).not.toBeNaN();
  });

  it('creates, updates and deletes an entry, each change in the audit log with before and after', async () => {
    const created = await inject('POST', '/api/staff/registry', staff.headers, newEntry('crud-demo'));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ id: 'crud-demo', order: 500, updatedBy: STAFF_EMAIL });

    const again = await inject('POST', '/api/staff/registry', staff.headers, newEntry('crud-demo'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      slug: 'registry-entry-exists',
      fields: { id: 'api_error_registry_entry_exists' },
    });

    const changed = bodyOf(
      newEntry('crud-demo', { enabled: false, order: 7, audience: { kind: 'sellers', emails: ['A@Shop.test'] } }),
    );
    const updated = await inject('PUT', '/api/staff/registry/crud-demo', staff.headers, changed);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      enabled: false,
      order: 7,
      audience: { kind: 'sellers', emails: ['a@shop.test'] },
    });

    const missing = await inject('PUT', '/api/staff/registry/nope-nope', staff.headers, bodyOf(newEntry('nope-nope')));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().slug).toBe('registry-entry-not-found');

    expect((await inject('DELETE', '/api/staff/registry/crud-demo', staff.headers)).statusCode).toBe(204);
    const gone = await inject('DELETE', '/api/staff/registry/crud-demo', staff.headers);
    expect([gone.statusCode, gone.json().slug]).toEqual([404, 'registry-entry-not-found']);

    const audit = await inject('GET', '/api/staff/audit?entryId=crud-demo', staff.headers);
    expect(audit.statusCode).toBe(200);
    const { events, total } = audit.json();
    expect(total).toBe(3);
    expect(events.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
    const [deleted, update, create] = events;
    expect(create).toMatchObject({ actorEmail: STAFF_EMAIL, entryId: 'crud-demo', before: null });
    expect(create.after).toMatchObject({ id: 'crud-demo', enabled: true, order: 500 });
    expect(update.before).toMatchObject({ enabled: true, order: 500 });
    expect(update.after).toMatchObject({ enabled: false, order: 7 });
    expect(deleted).toMatchObject({ before: { enabled: false }, after: null });
    expect(Date.parse(create.at)).toBeLessThanOrEqual(Date.parse(deleted.at));
  });

  it('refuses bad input with 400 and the fields to mark', async () => {
    const cases: [string, unknown, Record<string, string>][] = [
      [
        'invalid manifest URL',
        newEntry('bad-one', { manifestUrl: 'ftp://x' }),
        { manifestUrl: 'validation_registry_manifest_url_invalid' },
      ],
      [
        'manifest without remote',
        newEntry('bad-one', { remote: '' }),
        { manifestUrl: 'validation_registry_manifest_url_unexpected' },
      ],
      ['unknown field', { ...newEntry('bad-one'), colour: 'red' }, { colour: 'validation_unknown_field' }],
      [
        'unknown card field',
        { ...newEntry('bad-one'), card: { ...newEntry('bad-one').card, extra: 1 } },
        { 'card.extra': 'validation_unknown_field' },
      ],
      [
        'duplicate route in one entry',
        newEntry('bad-one', { routes: ['/features/x', '/features/x'] }),
        { 'routes.1': 'validation_registry_route_duplicate' },
      ],
      [
        'shadows /login',
        newEntry('bad-one', { routes: ['/login'] }),
        { 'routes.0': 'validation_registry_route_reserved' },
      ],
      [
        'under /staff',
        newEntry('bad-one', { routes: ['/staff/registry'] }),
        { 'routes.0': 'validation_registry_route_reserved' },
      ],
      [
        'shadows /dashboard',
        newEntry('bad-one', { routes: ['/dashboard'] }),
        { 'routes.0': 'validation_registry_route_reserved' },
      ],
      ['bad id', { ...newEntry('bad-one'), id: 'Bad One' }, { id: 'validation_registry_id_invalid' }],
      ['no routes', newEntry('bad-one', { routes: [] }), { routes: 'validation_registry_routes_required' }],
      ['order out of range', newEntry('bad-one', { order: 5000 }), { order: 'validation_registry_order_invalid' }],
    ];
    for (const [name, payload, fields] of cases) {
      const res = await inject('POST', '/api/staff/registry', staff.headers, payload);
      expect([name, res.statusCode, res.json().slug]).toEqual([name, 400, 'validation-error']);
      expect([name, res.json().fields]).toEqual([name, fields]);
      expect(res.json().message).not.toMatch(/validation_/);
    }
    const list = await inject('GET', '/api/staff/registry', staff.headers);
    expect(list.json().entries.map((e: StaffRegistryEntry) => e.id)).not.toContain('bad-one');
  });

  it('refuses a route another entry serves, on create and on update', async () => {
    const taken = await inject(
      'POST',
      '/api/staff/registry',
      staff.headers,
      newEntry('route-thief', { routes: ['/features/new-thing', '/features/gpsr'] }),
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      slug: 'registry-route-taken',
      fields: { 'routes.1': 'api_error_registry_route_taken' },
    });
    expect(taken.json().message).toContain('/features/gpsr (gpsr)');

    const update = await inject(
      'PUT',
      '/api/staff/registry/mobile',
      staff.headers,
      bodyOf(newEntry('mobile', { remote: 'mfe_mobile', routes: ['/features/mobile-app', '/invoices'] })),
    );
    expect(update.statusCode).toBe(400);
    expect(update.json()).toMatchObject({
      slug: 'registry-route-taken',
      fields: { 'routes.1': 'api_error_registry_route_taken' },
    });

    // An entry keeps its own routes on update.
    const own = await inject('GET', '/api/staff/registry', staff.headers);
    const mobile = own.json().entries.find((e: StaffRegistryEntry) => e.id === 'mobile') as StaffRegistryEntry;
    const { id: _id, updatedAt: _at, updatedBy: _by, liveRelease: _live, previewRelease: _preview, ...body } = mobile;
    const same = await inject('PUT', '/api/staff/registry/mobile', staff.headers, body);
    expect(same.statusCode).toBe(200);
  });

  it('a PUT body with an id is an unknown field', async () => {
    const res = await inject('PUT', '/api/staff/registry/mobile', staff.headers, newEntry('mobile'));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ id: 'validation_unknown_field' });
  });
});

describe('GET /api/portal/registry follows the database', () => {
  const publicIds = async (headers?: object) =>
    (await inject('GET', '/api/portal/registry', headers)).json().entries.map((e: { id: string }) => e.id);

  it('shows a change on the next request: disable, re-enable, reorder, audience', async () => {
    expect(await publicIds(seller.headers)).toContain('freshdesk');
    const freshdesk = (await inject('GET', '/api/staff/registry', staff.headers))
      .json()
      .entries.find((e: StaffRegistryEntry) => e.id === 'freshdesk') as StaffRegistryEntry;
    const {
      id: _id,
      updatedAt: _at,
      updatedBy: _by,
      liveRelease: _live,
      previewRelease: _preview,
      ...body
    } = freshdesk;

    await inject('PUT', '/api/staff/registry/freshdesk', staff.headers, { ...body, enabled: false });
    expect(await publicIds(seller.headers)).not.toContain('freshdesk');
    expect(await publicIds(staff.headers)).not.toContain('freshdesk');

    await inject('PUT', '/api/staff/registry/freshdesk', staff.headers, { ...body, order: 0 });
    expect((await publicIds(seller.headers))[0]).toBe('freshdesk');

    await inject('PUT', '/api/staff/registry/freshdesk', staff.headers, {
      ...body,
      audience: { kind: 'sellers', emails: [seller.email.toUpperCase()] },
    });
    expect(await publicIds(seller.headers)).toContain('freshdesk');
    expect(await publicIds(subUser.headers)).not.toContain('freshdesk');
    expect(await publicIds()).not.toContain('freshdesk');
    expect(await publicIds(staff.headers)).toContain('freshdesk');

    await inject('PUT', '/api/staff/registry/freshdesk', staff.headers, body);
    expect(await publicIds()).toContain('freshdesk');
  });

  it('a sellers list needs the email verified on the account, not only in the token', async () => {
    const unverified = await createFirebaseUser({ emailVerified: false });
    await inject('POST', '/api/staff/registry', staff.headers, {
      ...newEntry('sellers-only'),
      audience: { kind: 'sellers', emails: [unverified.email] },
    });
    expect(await publicIds(unverified.headers)).not.toContain('sellers-only');
    expect(await publicIds(forgedToken(unverified.uid, unverified.email))).not.toContain('sellers-only');
    expect(await publicIds(forgedClaims)).not.toContain('gpsr');
    await inject('DELETE', '/api/staff/registry/sellers-only', staff.headers);
  });

  it('serves the card texts staff set and leaves out the ones they did not', async () => {
    await inject('POST', '/api/staff/registry', staff.headers, {
      ...newEntry('bare-card'),
      card: { pluginName: 'bare_card', configurePath: '/features/bare-card' },
    });
    const entries = (await inject('GET', '/api/portal/registry')).json().entries;
    expect(entries.find((e: { id: string }) => e.id === 'bare-card')).toEqual({
      id: 'bare-card',
      remote: 'mfe_bare_card',
      manifestUrl: 'http://127.0.0.1:3199/bare-card/mf-manifest.json',
      routes: ['/features/bare-card'],
      order: 500,
      card: {
        pluginName: 'bare_card',
        comingSoon: false,
        buyWithoutFilling: true,
        audience: 'all',
        configurePath: '/features/bare-card',
      },
    });
    const origins = (await inject('GET', '/api/portal/remote-origins')).json();
    expect(origins).toEqual({ origins: ['http://127.0.0.1:3199'] });
    await inject('DELETE', '/api/staff/registry/bare-card', staff.headers);
    expect((await inject('GET', '/api/portal/remote-origins')).json()).toEqual({ origins: [] });
  });
});

describe('POST /api/staff/registry/check', () => {
  const check = (manifestUrl: string) => inject('POST', '/api/staff/registry/check', staff.headers, { manifestUrl });

  it("reports a valid manifest that exposes './remote', and nothing else", async () => {
    const res = await check(`${manifestBase}/good/mf-manifest.json`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true, reason: null, remoteName: 'mfe_demo' });
  });

  it('says why not from a fixed set of reasons: no ./remote, not a manifest, not JSON, not reachable', async () => {
    const result = async (path: string) => (await check(`${manifestBase}${path}`)).json();
    expect(await result('/no-remote/mf-manifest.json')).toEqual({
      valid: false,
      reason: 'no-remote',
      remoteName: 'mfe_demo',
    });
    expect(await result('/other-json/mf-manifest.json')).toEqual({
      valid: false,
      reason: 'not-a-manifest',
      remoteName: null,
    });
    expect(await result('/html/mf-manifest.json')).toEqual({ valid: false, reason: 'invalid-json', remoteName: null });
    // A 404, a redirect, a 500 with a body, a closed port and a timeout all read the same: no status, no body.
    for (const path of ['/missing/mf-manifest.json', '/moved/mf-manifest.json', '/secret/mf-manifest.json']) {
      const res = await check(`${manifestBase}${path}`);
      expect([path, res.json()]).toEqual([path, { valid: false, reason: 'not-reachable', remoteName: null }]);
      expect(res.body).not.toMatch(/secret|elsewhere|500|302|404/i);
    }
    const down = await check('http://127.0.0.1:1/mf-manifest.json');
    expect(down.json()).toEqual({ valid: false, reason: 'not-reachable', remoteName: null });
    const started = Date.now();
    const slow = await check(`${manifestBase}/slow/mf-manifest.json`);
    expect(slow.json()).toEqual({ valid: false, reason: 'not-reachable', remoteName: null });
    expect(Date.now() - started).toBeLessThan(3900);
  });

  it('is no port scanner: only a path ending in mf-manifest.json is fetched', async () => {
    const port = new URL(manifestBase).port;
    for (const manifestUrl of [
      `http://127.0.0.1:${port}/`,
      `http://127.0.0.1:${port}/secret/other`,
      'http://127.0.0.1:5432/',
      `http://127.0.0.1:${port}/mf-manifest.json/../secret`,
      `http://127.0.0.1:${port}/secret?mf-manifest.json`,
      '/api/health',
    ]) {
      const res = await check(manifestUrl);
      expect([manifestUrl, res.statusCode, res.json().fields]).toEqual([
        manifestUrl,
        400,
        { manifestUrl: 'validation_registry_manifest_url_not_manifest' },
      ]);
    }
    expect(secretHits).toBe(0);
  });

  it('fetches only from allow-listed hosts and refuses what is no manifest URL', async () => {
    const foreign = await check('https://evil.example/mf-manifest.json');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      slug: 'manifest-host-not-allowed',
      fields: { manifestUrl: 'api_error_manifest_host_not_allowed' },
    });
    const internalNetwork = await check('http://169.254.169.254/latest/mf-manifest.json');
    expect(internalNetwork.json().slug).toBe('manifest-host-not-allowed');
    for (const manifestUrl of ['file:///etc/passwd', 'not a url', '//evil.example/x', '']) {
      const res = await check(manifestUrl);
      expect([manifestUrl, res.statusCode, res.json().fields]).toEqual([
        manifestUrl,
        400,
        { manifestUrl: 'validation_registry_manifest_url_invalid' },
      ]);
    }
    const extra = await inject('POST', '/api/staff/registry/check', staff.headers, {
      manifestUrl: '/x/mf-manifest.json',
      x: 1,
    });
    expect(extra.json().fields).toEqual({ x: 'validation_unknown_field' });
  });

  it('resolves a path against the portal origin (an allowed host)', async () => {
    // PORTAL_ORIGIN defaults to http://127.0.0.1:8080 in tests; nothing listens there (or something else does).
    const started = Date.now();
    const res = await check('/remotes/mfe-gpsr/mf-manifest.json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['reason', 'remoteName', 'valid']);
    expect(Date.now() - started).toBeLessThan(3500);
  });
});

describe('audit log', () => {
  it('pages newest first and takes entries written by recordAudit (AVV publishes)', async () => {
    await recordAudit(t.app.db, {
      actor: { id: staff.uid, email: STAFF_EMAIL },
      action: 'create',
      entryId: 'avv:2026-12',
      before: null,
      after: { version: '2026-12' },
    });
    const page1 = (await inject('GET', '/api/staff/audit?page=1&pageSize=2', staff.headers)).json();
    expect(page1.events).toHaveLength(2);
    expect(page1.events[0]).toMatchObject({
      entryId: 'avv:2026-12',
      actorEmail: STAFF_EMAIL,
      after: { version: '2026-12' },
    });
    const all = (await inject('GET', '/api/staff/audit?pageSize=100', staff.headers)).json();
    expect(all.total).toBe(page1.total);
    const page2 = (await inject('GET', '/api/staff/audit?page=2&pageSize=2', staff.headers)).json();
    expect(page2.events.map((e: { id: string }) => e.id)).toEqual(
      all.events.slice(2, 4).map((e: { id: string }) => e.id),
    );
    const times = all.events.map((e: { at: string }) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("names the staff address of the account record, not the token's email claim", async () => {
    // An unsigned token on the staff account whose claim names someone else (the emulator accepts those).
    const claimed = forgedToken(staff.uid, uniqueEmail('someone-else'));
    const res = await inject('POST', '/api/staff/registry', claimed, newEntry('claimed-actor'));
    expect(res.statusCode).toBe(201);
    expect(res.json().updatedBy).toBe(STAFF_EMAIL);
    const events = (await inject('GET', '/api/staff/audit?pageSize=100', staff.headers)).json().events;
    expect(events.find((e: { entryId: string }) => e.entryId === 'claimed-actor')).toMatchObject({
      actorEmail: STAFF_EMAIL,
    });
    await inject('DELETE', '/api/staff/registry/claimed-actor', staff.headers);
  });

  it('refuses bad paging with 400', async () => {
    for (const query of ['page=0', 'pageSize=500', 'page=x', 'colour=red']) {
      const res = await inject('GET', `/api/staff/audit?${query}`, staff.headers);
      expect([query, res.statusCode]).toEqual([query, 400]);
    }
  });

  it('recordAudit inside a transaction commits or rolls back with the change', async () => {
    const count = async () => (await t.app.db.select().from(registryAudit)).length;
    const before = await count();
    await expect(
      t.app.db.transaction(async (tx) => {
        await recordAudit(tx, {
          actor: { id: staff.uid, email: STAFF_EMAIL },
          action: 'update',
          entryId: 'rolled-back',
          before: null,
          after: null,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await count()).toBe(before);
    const res = await inject('POST', '/api/staff/registry', staff.headers, newEntry('gpsr'));
    expect(res.statusCode).toBe(409);
    expect(await count()).toBe(before);
  });
});
