import { createTestApp, registerUser, type TestApp } from '../../test/helpers';
import { verifiedTokenCache, type Identity } from './identity';

const identity = (expiresAt: number): Identity => ({
  uid: 'u1',
  email: 'a@b.test',
  emailVerified: true,
  issuedAt: expiresAt - 3600,
  expiresAt,
  authTime: expiresAt - 3600,
});

describe('verifiedTokenCache', () => {
  it('answers for a token until it expires, then forgets it', () => {
    let now = 1_000_000_000_000;
    const cache = verifiedTokenCache(10, () => now);
    cache.set('t1', identity(now / 1000 + 60));
    expect(cache.get('t1')?.uid).toBe('u1');
    expect(cache.get('other')).toBeUndefined();
    now += 60_000;
    expect(cache.get('t1')).toBeUndefined();
  });

  it('drops the oldest token when full', () => {
    const cache = verifiedTokenCache(2, () => 0);
    cache.set('t1', identity(60));
    cache.set('t2', identity(60));
    cache.set('t3', identity(60));
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t2')).toBeDefined();
    expect(cache.get('t3')).toBeDefined();
  });
});

describe('identity plugin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('verifies a token once for many requests, and each new token again', async () => {
    const verify = jest.spyOn(t.app.firebaseAuth, 'verifyIdToken');
    const first = await registerUser(t.app);
    expect(verify).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 3; i += 1) {
      const response = await t.app.inject({ url: '/api/user', headers: first.headers });
      expect(response.statusCode).toBe(200);
      expect(response.json().email).toBe(first.email);
    }
    expect(verify).toHaveBeenCalledTimes(1);
    // Known by the header as sent: the same token spelled otherwise is verified once more, then known too.
    const spelled = { authorization: first.headers.authorization.replace(/^Bearer /, 'bearer  ') };
    for (let i = 0; i < 2; i += 1) {
      expect((await t.app.inject({ url: '/api/user', headers: spelled })).json().email).toBe(first.email);
    }
    expect(verify).toHaveBeenCalledTimes(2);
    const second = await registerUser(t.app);
    const other = await t.app.inject({ url: '/api/user', headers: second.headers });
    expect(other.json().email).toBe(second.email);
    expect(verify).toHaveBeenCalledTimes(3);
    verify.mockRestore();
  });

  it('still refuses a token that does not verify, every time', async () => {
    for (let i = 0; i < 2; i += 1) {
      const response = await t.app.inject({ url: '/api/user', headers: { authorization: 'Bearer not-a-token' } });
      expect(response.statusCode).toBe(401);
      expect(response.json().slug).toBe('unable-to-verify-jwt');
    }
  });
});
