import crypto from 'node:crypto';
import net from 'node:net';
import { createTestApp, expectRateLimited, registerUser, type TestApp } from './helpers';

// @fastify/rate-limit on every route, stricter where the api connects outward, sends mail or takes
// free text; 429 { message, slug: 'too-many-requests' } with Retry-After; Redis as the shared store by config.

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

function redisAnswers(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(500, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const contactBody = { name: 'Erika', phone: '4940123456', email: 'erika@shop.example', message: 'Hello' };

describe('memory store (default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '30', RATE_LIMIT_STRICT_MAX: '3' });
  });
  afterAll(async () => t?.close());

  it('the contact form takes RATE_LIMIT_STRICT_MAX a minute per user, then 429 with a readable body and Retry-After', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const send = (who: typeof a) =>
      t.app.inject({ method: 'POST', url: '/api/user/contact-us', headers: who.headers, payload: contactBody });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await send(a)).statusCode);
    expect(codes).toEqual([201, 201, 201, 429]);
    const res = await send(a);
    expectRateLimited(res);
    // Another user has a counter of their own.
    expect((await send(b)).statusCode).toBe(201);
  });

  it('the database connection test is limited the same way (it connects outward)', async () => {
    const a = await registerUser(t.app);
    const codes = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/ds/test',
        headers: a.headers,
        payload: { host: '10.0.0.1', database: 'd', user: 'u', password: 'p', engine: 'mysql' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 429]);
  });

  it('every route takes RATE_LIMIT_MAX a minute per client address (and per verified user)', async () => {
    const from = '192.0.2.30';
    const health = () => t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: from });
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) codes.push((await health()).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(30);
    expect(codes.slice(30)).toEqual([429, 429]);
    const a = await registerUser(t.app);
    const mine = await t.app.inject({ method: 'GET', url: '/api/user', headers: a.headers });
    expect(mine.statusCode).toBe(200);
    // The counts go out with a 429 only.
    expect(mine.headers['x-ratelimit-limit']).toBeUndefined();
    const refused = await health();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['x-ratelimit-limit']).toBe('30');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
  });
});

describe('Redis store (REDIS_URL)', () => {
  let one: TestApp;
  let two: TestApp;
  let up = false;
  beforeAll(async () => {
    up = await redisAnswers();
    if (!up) return;
    const env = { REDIS_URL, RATE_LIMIT_STRICT_MAX: '2' };
    [one, two] = await Promise.all([createTestApp(env), createTestApp(env)]);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('two api instances share one counter', async () => {
    if (!up) {
      console.warn(`skipped: no Redis answers at ${REDIS_URL}`);
      return;
    }
    // The same user on both instances (one Firebase account, its row in each instance's database).
    const a = await registerUser(one.app);
    await two.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: a.headers,
      payload: { Id: a.uid, Email: a.email },
    });
    const body = { ...contactBody, message: `shared ${crypto.randomUUID()}` };
    const send = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/api/user/contact-us', headers: a.headers, payload: body });
    expect((await send(one)).statusCode).toBe(201);
    expect((await send(two)).statusCode).toBe(201);
    const third = await send(one);
    expect(third.statusCode).toBe(429);
    expect(third.json().slug).toBe('too-many-requests');
  });
});
