import crypto from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { createTestApp, expectRateLimited, registerUser, type TestApp } from './helpers';

// What each rate limit is keyed on: the client address before anything is verified (X-Forwarded-For only from a
// trusted proxy), the verified user after authentication, and budgets of their own for the payment webhooks. A
// token's claims never choose a counter: a made-up token costs its sender's address, not the user it names.
// With TEST_DATABASE_URL the counters live in PostgreSQL (the app's own database), else in memory.

const MAX = 6;
const WEBHOOK_MAX = 4;
const storeEnv: Record<string, string> = process.env.TEST_DATABASE_URL
  ? { DATABASE_URL: process.env.TEST_DATABASE_URL }
  : {};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    ...storeEnv,
    RATE_LIMIT_MAX: String(MAX),
    PAYMENT_WEBHOOK_MAX: String(WEBHOOK_MAX),
    LICENSE_CHECK_PER_KEY_MAX: '1000',
  });
}, 90_000);
afterAll(async () => t?.close());

/** Every test its own client addresses (counters last a minute). */
let next = 0;
const address = () => `198.51.100.${(next += 1)}`;

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token that names `uid` but fails verification (no issuer, no audience, no signature of ours). */
const madeUpToken = (uid: string) =>
  `${part({ alg: 'RS256', kid: 'x' })}.${part({ user_id: uid, sub: uid, iat: 1, exp: 4102444800 })}.c2ln`;

const inject = (options: InjectOptions) => t.app.inject(options);
const licenseCheck = (remoteAddress: string, headers: Record<string, string> = {}) =>
  inject({
    method: 'POST',
    url: '/api/license/check',
    remoteAddress,
    headers,
    payload: {
      key: `FD-${crypto.randomBytes(8).toString('hex')}`,
      plugin: 'fresh_desk',
      identifier: { type: 'domain', value: 'shop.example.de' },
    },
  });

describe('keyed on what was verified', () => {
  it('invalid tokens naming a user cost their sender, never the user they name', async () => {
    const victim = await registerUser(t.app);
    const attacker = address();
    const codes: number[] = [];
    for (let i = 0; i <= MAX; i++) {
      const res = await inject({
        method: 'GET',
        url: '/api/user',
        remoteAddress: attacker,
        headers: { authorization: `Bearer ${madeUpToken(victim.uid)}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([...Array(MAX).fill(401), 429]);

    const mine = await inject({ method: 'GET', url: '/api/user', remoteAddress: address(), headers: victim.headers });
    expect(mine.statusCode).toBe(200);
  });

  it('a made-up uid per request still counts against the sending address', async () => {
    const from = address();
    const codes: number[] = [];
    for (let i = 0; i <= MAX; i++) {
      const forged = { authorization: `Bearer ${madeUpToken(`made-up-${crypto.randomUUID()}`)}` };
      codes.push((await licenseCheck(from, forged)).statusCode);
    }
    expect(codes).toEqual([...Array(MAX).fill(200), 429]);
    const refused = await licenseCheck(from);
    expectRateLimited(refused);
  });

  it('a verified user is counted per user too, whichever addresses the requests come from', async () => {
    const user = await registerUser(t.app);
    const codes: number[] = [];
    for (let i = 0; i <= MAX; i++) {
      const res = await inject({ method: 'GET', url: '/api/user', remoteAddress: address(), headers: user.headers });
      codes.push(res.statusCode);
    }
    // registerUser's request (POST /api/user) was the user's first.
    expect(codes).toEqual([...Array(MAX - 1).fill(200), 429, 429]);
    // Another user at one of those addresses is not refused.
    const other = await registerUser(t.app);
    expect(
      (await inject({ method: 'GET', url: '/api/user', remoteAddress: address(), headers: other.headers })).statusCode,
    ).toBe(200);
  });
});

describe('client address', () => {
  const health = (remoteAddress: string, forwardedFor?: string) =>
    inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  it('behind the trusted proxy (loopback) each forwarded client has a counter of its own', async () => {
    const one = address();
    const two = address();
    const codes: number[] = [];
    for (let i = 0; i <= MAX; i++) codes.push((await health('127.0.0.1', one)).statusCode);
    expect(codes).toEqual([...Array(MAX).fill(200), 429]);
    expect((await health('127.0.0.1', two)).statusCode).toBe(200);
    // The proxy's own requests (nothing forwarded) are a third client.
    expect((await health('::1')).statusCode).toBe(200);
    // An address the client put before the proxy's entry does not help: the proxy's entry counts.
    expect((await health('127.0.0.1', `203.0.113.250, ${one}`)).statusCode).toBe(429);
  });

  it('X-Forwarded-For from anyone else is ignored', async () => {
    const direct = address();
    const codes: number[] = [];
    for (let i = 0; i <= MAX; i++) codes.push((await health(direct, address())).statusCode);
    expect(codes).toEqual([...Array(MAX).fill(200), 429]);
    // Claiming to forward for a client with a fresh counter changes nothing.
    expect((await health(direct, '192.0.2.200')).statusCode).toBe(429);
  });
});

describe('budgets of their own', () => {
  const webhook = (remoteAddress: string, forwardedFor?: string, provider = 'sandbox') =>
    inject({
      method: 'POST',
      url: `/api/payment/webhook/${provider}`,
      remoteAddress,
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': 't=1,v1=00',
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      },
      payload: '{}',
    });

  it("a client over its per-address budget (behind the portal server) blocks neither a webhook nor another shop's license check", async () => {
    const flooder = address();
    for (let i = 0; i < MAX; i++)
      expect((await licenseCheck('127.0.0.1', { 'x-forwarded-for': flooder })).statusCode).toBe(200);
    expect((await licenseCheck('127.0.0.1', { 'x-forwarded-for': flooder })).statusCode).toBe(429);

    // The webhook is answered (its signature is refused, 400), from the flooding address too.
    expect((await webhook('127.0.0.1', flooder)).statusCode).toBe(400);
    expect((await licenseCheck('127.0.0.1', { 'x-forwarded-for': address() })).statusCode).toBe(200);
  });

  it('the webhooks take PAYMENT_WEBHOOK_MAX a minute per provider; a made-up provider name does not spend it', async () => {
    // Earlier tests may have called the sandbox webhook: fill its budget up, from many addresses.
    let last = 0;
    for (let i = 0; i <= WEBHOOK_MAX && last !== 429; i++) last = (await webhook(address())).statusCode;
    expect(last).toBe(429);
    const refused = await webhook(address());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ slug: 'too-many-requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Other routes from the same address are not touched; another provider name is not this budget.
    const from = address();
    expect((await webhook(from)).statusCode).toBe(429);
    expect((await licenseCheck(from)).statusCode).toBe(200);
    expect((await webhook(from, undefined, 'made-up')).statusCode).toBe(404);
  });
});
