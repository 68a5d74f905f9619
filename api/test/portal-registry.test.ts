import { createFirebaseUser, createTestApp, uniqueEmail, type TestApp } from './helpers';

// Unique per run: the emulator may keep accounts from earlier runs.
const BOSS = uniqueEmail('boss');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    INTERNAL_EMAILS: `insider@test.portal, ${BOSS.toUpperCase()}`,
    REMOTES_BASE_URL: 'https://cdn.example/remotes/',
    REMOTE_URL_GPSR: 'http://localhost:3104/mf-manifest.json',
  });
});
afterAll(async () => t?.close());

type Entry = {
  id: string;
  remote: string;
  manifestUrl: string;
  routes: string[];
  card?: { pluginName: string; audience: string; comingSoon: boolean };
};

describe('GET /api/portal/registry', () => {
  it('serves public entries to anonymous callers without internal-only cards', async () => {
    const res = await t.app.inject({ url: '/api/portal/registry' });
    expect(res.statusCode).toBe(200);
    const entries: Entry[] = res.json().entries;
    expect(entries.map((e) => e.id)).toEqual(['account', 'billing', 'licenses', 'freshdesk', 'mobile']);
    expect(entries.find((e) => e.id === 'account')).toEqual({
      id: 'account',
      remote: 'mfe_account',
      manifestUrl: 'https://cdn.example/remotes/mfe-account/mf-manifest.json',
      routes: ['/profile', '/user-management'],
      order: 0,
    });
    expect(entries.find((e) => e.id === 'freshdesk')?.card?.pluginName).toBe('fresh_desk');
    expect(res.body).not.toMatch(/gpsr|lieferbar|magic_matrix/);
  });

  it('hides internal cards from a signed-in ordinary user', async () => {
    const user = await createFirebaseUser();
    const res = await t.app.inject({ url: '/api/portal/registry', headers: user.headers });
    expect(res.json().entries.map((e: Entry) => e.id)).toEqual([
      'account',
      'billing',
      'licenses',
      'freshdesk',
      'mobile',
    ]);
  });

  it('shows everything to an internal account, with REMOTE_URL_<ID> overrides and the shell page', async () => {
    const insider = await createFirebaseUser({ email: `insider-${Date.now()}@test.portal` });
    // not in INTERNAL_EMAILS (different address) → still filtered
    expect((await t.app.inject({ url: '/api/portal/registry', headers: insider.headers })).body).not.toContain('gpsr');

    const boss = await createFirebaseUser({ email: BOSS });
    const res = await t.app.inject({ url: '/api/portal/registry', headers: boss.headers });
    const entries: Entry[] = res.json().entries;
    expect(entries.map((e) => e.id)).toEqual([
      'account',
      'billing',
      'licenses',
      'freshdesk',
      'mobile',
      'gpsr',
      'lieferbar',
      'content-master',
    ]);
    expect(entries.find((e) => e.id === 'gpsr')?.manifestUrl).toBe('http://localhost:3104/mf-manifest.json');
    expect(entries.find((e) => e.id === 'content-master')).toMatchObject({
      remote: '',
      manifestUrl: '',
      routes: ['/features/content-master'],
      card: { pluginName: 'magic_matrix', comingSoon: true, audience: 'internal' },
    });
  });

  it('answers 401 for a broken token so the client refreshes', async () => {
    const res = await t.app.inject({ url: '/api/portal/registry', headers: { authorization: 'Bearer broken' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().slug).toBe('unable-to-verify-jwt');
  });
});
