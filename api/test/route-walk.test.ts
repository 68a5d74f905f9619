import crypto from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { RouteEntry } from '../src/plugins/route-table';
import {
  CALLERS,
  describeOutcome,
  expectationOf,
  matches,
  requestOf,
  ROUTE_EXPECTATIONS,
  type Caller,
  type Outcome,
  type WalkContext,
} from './route-walk-expectations';
import { dataSources, paypalAuth } from '../src/db/schema';
import {
  completeProfile,
  COMPLETE_CONTACT,
  createFirebaseUser,
  createSubUser,
  createTestApp,
  grantMobileLicense,
  registerUser,
  uniqueEmail,
  type TestApp,
  type TestIdentity,
} from './helpers';

// Every route of the Fastify route table as anonymous, owner, another seller, a sub-user of the owner and
// staff, then fuzzed with malformed input. Asserted: each caller gets the outcome declared for the route in
// route-walk-expectations.ts (a route without a declaration fails the walk), never a 5xx, anonymous callers get
// 401 unless the route is declared public below, nobody but the owner's account sees the owner's data, and neither
// the walk nor the fuzz changes anything of the owner's account.

/** Routes anyone may call without a token. A new public route must be added here, or its 401 check fails. */
const PUBLIC_ROUTES: RegExp[] = [
  /^GET \/api\/health$/,
  /^GET \/api\/portal\/registry$/,
  // Origins of the enabled remotes for the portal server's CSP (no user data).
  /^GET \/api\/portal\/remote-origins$/,
  // The payment provider's webhook and the sandbox payment page (the random ref is the capability).
  /^(GET|POST) \/api\/payment\/(webhook|sandbox)\b/,
  // The sandbox page's own stylesheet and close script (static, no data).
  /^GET \/api\/payment\/assets\//,
  // What plugins in sellers' shops call with a license key instead of a token.
  /^POST \/api\/license\/(check|usage)$/,
];
const isPublic = (route: RouteEntry) => PUBLIC_ROUTES.some((p) => p.test(`${route.method} ${route.url}`));

/** Routes whose normal effect would end the walk for that caller (deleting the account) run last. */
const LAST = /^DELETE \/api\/user$/;

type Role = Caller;

let t: TestApp;
let owner: TestIdentity;
let other: TestIdentity;
let sub: TestIdentity;
let staff: TestIdentity;
let fuzzer: TestIdentity;
const MARK = `mk${crypto.randomBytes(5).toString('hex')}`;
const markers: string[] = [];
let ownerLicenseKey = '';
let ownerLicenseId = '';
let routes: RouteEntry[] = [];
/** What each caller got from each route in the walk: `METHOD /url` → caller → status. */
const observed = new Map<string, Partial<Record<Caller, number>>>();
/** The owner's account before the walk (compared after the other callers walked). */
let ownerBefore: string[] = [];

function walkable(app: FastifyInstance): RouteEntry[] {
  return app.routeTable
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
    .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .sort((a, b) => Number(LAST.test(`${a.method} ${a.url}`)) - Number(LAST.test(`${b.method} ${b.url}`)));
}

/** An id of the right shape that names nothing (ids are uuids: a malformed one would only test validation). */
const NO_SUCH_ID = crypto.randomUUID();

/** Path parameters filled with the owner's real identifiers where the name says what they are. */
function fillPath(url: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => {
    if (/key/i.test(name)) return encodeURIComponent(ownerLicenseKey);
    if (name === 'licenseId') return ownerLicenseId;
    if (/plugin/i.test(name)) return 'mobile';
    if (name === 'provider') return 'sandbox';
    if (name === 'fileName') return `${NO_SUCH_ID}.png`;
    if (/id$/i.test(name)) return NO_SUCH_ID;
    return encodeURIComponent(`${MARK}-${name}`);
  });
}

const headersOf = (role: Role, withBody: boolean): Record<string, string> => ({
  ...(withBody ? { 'content-type': 'application/json' } : {}),
  ...(role === 'anonymous' ? {} : { owner, other, subuser: sub, staff }[role].headers),
});

/** The walk's request for a route: the declared one, else an empty body (POST/PUT) and no query. */
function walkRequest(route: RouteEntry, role: Role): { url: string; payload?: string } {
  const declared = requestOf(`${route.method} ${route.url}`);
  const resolve = <T>(v: T | ((ctx: WalkContext) => T)) =>
    typeof v === 'function' ? (v as (ctx: WalkContext) => T)(walkContext(role)) : v;
  const query = declared?.query ? new URLSearchParams(resolve(declared.query)).toString() : '';
  const url = `${fillPath(route.url)}${query ? `?${query}` : ''}`;
  if (declared?.body !== undefined) return { url, payload: JSON.stringify(resolve(declared.body)) };
  return { url, payload: ['GET', 'DELETE'].includes(route.method) ? undefined : '{}' };
}

/** Who is calling, for declared requests that name the caller (their own email …). */
function walkContext(role: Role): WalkContext {
  const who = role === 'anonymous' ? null : { owner, other, subuser: sub, staff }[role];
  return { email: who?.email ?? 'nobody@example.com', uid: who?.uid ?? 'nobody', mark: MARK };
}

/** Percent-encodes anything, also text with lone surrogates (encodeURIComponent throws on those). */
const encode = (value: string) =>
  encodeURIComponent(
    value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );

async function call(method: HTTPMethods, url: string, headers: Record<string, string>, payload?: string) {
  const request = t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`${method} ${url} did not answer in 15 s`)), 15_000).unref(),
  );
  return Promise.race([request, timeout]);
}

beforeAll(async () => {
  const staffEmail = uniqueEmail('staff');
  t = await createTestApp({
    INTERNAL_EMAILS: staffEmail,
    // The walk covers routes, not limits (rate-limit.test.ts covers those).
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_STRICT_MAX: '1000000',
    INVITES_PER_ACCOUNT_PER_DAY: '1000000',
    INVITES_PER_ADDRESS_PER_DAY: '1000000',
    DS_ALLOWED_HOSTS: '127.0.0.1',
  });
  routes = walkable(t.app);
  [owner, other, fuzzer] = await Promise.all([registerUser(t.app), registerUser(t.app), registerUser(t.app)]);
  staff = await createFirebaseUser({ email: staffEmail });
  await t.app.inject({
    method: 'POST',
    url: '/api/user',
    headers: staff.headers,
    payload: { Id: staff.uid, Email: staff.email },
  });
  for (const u of [owner, other, fuzzer]) await grantMobileLicense(t.app, u.uid, 5);
  await completeProfile(t.app, owner, { ...COMPLETE_CONTACT, companyName: `${MARK} GmbH`, street: `${MARK}straße` });
  await completeProfile(t.app, other);
  sub = await createSubUser(t.app, owner, `${MARK} Sub`);
  markers.push(MARK, owner.email, sub.email);
  // Owner data in every module that keeps some: PayPal credentials, a data source, a contact request, licenses.
  await t.app.db.insert(paypalAuth).values({
    userId: owner.uid,
    email: `${MARK}@pay.example`,
    clientId: `client${MARK}`,
    mode: 'sandbox',
    secretEncrypted: t.app.crypto.encrypt(`secret${MARK}`),
  });
  await t.app.db.insert(dataSources).values({
    userId: owner.uid,
    engine: 'postgres',
    host: `${MARK}.db.example`,
    port: 5432,
    database: `${MARK}db`,
    dbUser: `${MARK}user`,
    passwordEncrypted: t.app.crypto.encrypt(`pw${MARK}`),
    userEmails: [owner.email],
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/user/contact-us',
    headers: owner.headers,
    payload: { name: 'Owner', phone: '4940123456', email: owner.email, message: `${MARK} message` },
  });
  const licenses = await t.app.inject({ method: 'GET', url: '/api/license/all', headers: owner.headers });
  ownerLicenseKey = licenses.json().items[0].key;
  ownerLicenseId = licenses.json().items[0].id;
  markers.push(ownerLicenseKey);
}, 180_000);
afterAll(async () => t?.close());

describe('every route of the route table', () => {
  it('is walked (the table is not empty and holds the known modules)', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(keys).toEqual(
      expect.arrayContaining(['GET /api/user', 'DELETE /api/user/subusers', 'POST /api/license/filter']),
    );
    expect(routes.length).toBeGreaterThan(40);
  });

  it.each<Role>(['anonymous', 'other', 'staff', 'subuser', 'owner'])(
    'as %s: no 5xx, 401 for anonymous on non-public routes, none of the owner’s data for anyone else',
    async (role) => {
      if (role === 'anonymous') ownerBefore = await ownerSnapshot();
      const problems: string[] = [];
      for (const route of routes) {
        const { url, payload } = walkRequest(route, role);
        const res = await call(route.method, url, headersOf(role, payload !== undefined), payload);
        const key = `${route.method} ${route.url}`;
        observed.set(key, { ...observed.get(key), [role]: res.statusCode });
        const where = `${role} ${route.method} ${route.url} → ${res.statusCode}`;
        if (res.statusCode >= 500) problems.push(`${where} ${res.body.slice(0, 200)}`);
        // Fastify validates before the auth preHandler runs: a malformed anonymous request may get its 400 first.
        const refused = res.statusCode === 401 || (res.statusCode === 400 && res.json().slug !== undefined);
        if (role === 'anonymous' && !isPublic(route) && !refused) problems.push(`${where} (expected 401)`);
        if (role === 'other' || role === 'staff' || role === 'anonymous') {
          const leaked = markers.filter((m) => res.body.includes(m));
          if (leaked.length) problems.push(`${where} shows the owner's ${leaked.join(', ')}`);
        }
      }
      expect(problems).toEqual([]);
      // Anonymous callers, another seller and staff changed nothing of the owner's account.
      if (role === 'staff') expect(await ownerSnapshot()).toEqual(ownerBefore);
    },
    120_000,
  );

  it('every route has a declared expectation, and every caller got it', () => {
    const line = (key: string) => {
      const got = observed.get(key) ?? {};
      return `  '${key}': [${CALLERS.map((c) => got[c] ?? '?').join(', ')}],`;
    };
    const undeclared = [...observed.keys()].filter((key) => !(key in ROUTE_EXPECTATIONS));
    const stale = Object.keys(ROUTE_EXPECTATIONS).filter((key) => !observed.has(key));
    const wrong: string[] = [];
    for (const [key, got] of observed) {
      const expected = expectationOf(key);
      if (!expected) continue;
      CALLERS.forEach((caller, i) => {
        const outcome: Outcome = expected[i];
        if (!matches(outcome, got[caller])) {
          wrong.push(`${key} as ${caller}: expected ${describeOutcome(outcome)}, got ${got[caller]}`);
        }
      });
    }
    const message = [
      ...(undeclared.length
        ? [
            `${undeclared.length} route(s) without a declared expectation. Add them to ROUTE_EXPECTATIONS in ` +
              'api/test/route-walk-expectations.ts (what each caller gets: [anonymous, owner, other seller, ' +
              'sub-user, staff]); this is what the walk observed — check each figure before you copy it:',
            ...undeclared.map(line),
          ]
        : []),
      ...(stale.length
        ? ['Declared but no longer in the route table (remove them):', ...stale.map((k) => `  ${k}`)]
        : []),
      ...(wrong.length ? ['Callers that did not get the declared outcome:', ...wrong.map((w) => `  ${w}`)] : []),
    ].join('\n');
    if (message) throw new Error(message);
    expect(observed.size).toBe(routes.length);
  });
});

/** What the owner's account looks like through its read routes (compared before and after the fuzz). */
async function ownerSnapshot(): Promise<string[]> {
  const out: string[] = [];
  for (const url of [
    '/api/user/profile/contact',
    '/api/user/subusers',
    '/api/user/paypal/auth',
    '/api/user/ds',
    '/api/license/all',
  ]) {
    const res = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    out.push(`${url} ${res.statusCode} ${res.body}`);
  }
  return out;
}

const CONTROL = ['\u0000', '\u0007', '\u001b', '\u007f', '\ud800', '\n', '%00', '../', '"', '\\'];
const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc
    .constantFrom(...CONTROL)
    .chain((c) => fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}${c}${b}`)),
  fc.constantFrom('', ' ', 'true', 'null', '1e5', '-1', '0x10', 'NaN', 'a'.repeat(5000), 'x@y.de'),
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty, { maxLength: 3 }),
  fc.dictionary(nasty, nasty, { maxKeys: 3 }),
);

/** The field names a route's zod body schema declares (so the fuzz hits real fields with wrong values). */
function bodyKeys(route: RouteEntry): string[] {
  const shape = (route.schema?.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}
function queryKeys(route: RouteEntry): string[] {
  const shape = (route.schema?.querystring as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

describe('fuzzing (fast-check) from each route’s schema', () => {
  /** At least 12 000 requests in all, however many routes there are. */
  const runsPerRoute = () => Math.ceil(12_000 / Math.max(1, routes.length - 1));

  it('never answers 5xx or hangs, and changes nothing of another user', async () => {
    const before = await ownerSnapshot();
    const fuzzHeaders = { ...fuzzer.headers, 'content-type': 'application/json' };
    let sent = 0;
    const failures: string[] = [];
    // Deleting the fuzzing account would only end the fuzz early.
    for (const route of routes.filter((r) => !LAST.test(`${r.method} ${r.url}`))) {
      const keys = bodyKeys(route);
      const qKeys = queryKeys(route);
      const body = keys.length
        ? fc.oneof(
            fc.record(Object.fromEntries(keys.map((k) => [k, anyValue])), { requiredKeys: [] }),
            fc.dictionary(fc.constantFrom(...keys, '__proto__', 'constructor', 'x'), anyValue, { maxKeys: 4 }),
          )
        : fc.oneof(fc.constant(undefined), anyValue);
      const query = fc.dictionary(
        fc.oneof(fc.constantFrom(...(qKeys.length ? qKeys : ['x']), 'email[]'), nasty),
        fc.oneof(nasty, fc.array(nasty, { minLength: 2, maxLength: 2 })),
        { maxKeys: 3 },
      );
      // Path segments: any text percent-encoded, or broken escapes sent as they are.
      const segment = fc.oneof(
        nasty.map(encode),
        fc.constantFrom('%ff', '%zz', '%', '%C0%80', '%00', '..', '%2e%2e', '%2F'),
      );
      const sample = fc.record({ body, query, segment, raw: fc.boolean() });
      await fc
        .assert(
          fc.asyncProperty(sample, async ({ body: b, query: q, segment: seg, raw }) => {
            const path = route.url.replace(/:(\w+)/g, () => seg || 'x');
            const search = new URLSearchParams();
            for (const [k, v] of Object.entries(q)) for (const one of [v].flat()) search.append(k, String(one));
            const url = `${path.replace(/\*$/, 'x')}${search.size ? `?${search}` : ''}`;
            const payload = ['GET', 'DELETE', 'HEAD'].includes(route.method)
              ? undefined
              : raw && typeof b === 'string'
                ? b
                : JSON.stringify(b ?? {});
            sent++;
            const res = await call(route.method, url, fuzzHeaders, payload);
            if (res.statusCode >= 500) {
              failures.push(
                `${route.method} ${url} ${String(payload).slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 160)}`,
              );
              return false;
            }
            return true;
          }),
          { numRuns: runsPerRoute(), seed: Number(process.env.FUZZ_SEED ?? 14), endOnFailure: true },
        )
        .catch((err: Error) => failures.push(err.message.split('\n').slice(0, 6).join(' | ')));
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(10_000);
    expect(await ownerSnapshot()).toEqual(before);
  }, 300_000);
});
