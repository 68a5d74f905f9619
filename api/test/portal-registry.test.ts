import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { appMeta, registryEntries } from '../src/db/schema';
import { readRegistryFile, REGISTRY_FILE, seedRegistry } from '../src/modules/portal/registry';
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
      order: 10,
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

describe('seeding from registry.json', () => {
  const rows = async () => (await t.app.db.select({ n: count() }).from(registryEntries))[0].n;

  it('seeds once: a second start inserts nothing and keeps what staff changed', async () => {
    const seeded = readRegistryFile().length;
    expect(await rows()).toBe(seeded);
    await t.app.db.update(registryEntries).set({ enabled: false });
    expect(await seedRegistry(t.app)).toBe(0);
    expect(await rows()).toBe(seeded);
    expect((await t.app.inject({ url: '/api/portal/registry' })).json().entries).toEqual([]);
  });

  it('a registry staff emptied stays empty after a restart', async () => {
    await t.app.db.delete(registryEntries);
    expect(await seedRegistry(t.app)).toBe(0);
    expect(await rows()).toBe(0);
  });

  it('two instances seeding an empty database at once insert every entry once', async () => {
    await t.app.db.delete(appMeta);
    const results = await Promise.all([seedRegistry(t.app), seedRegistry(t.app), seedRegistry(t.app)]);
    const seeded = readRegistryFile().length;
    expect(results.reduce((a, b) => a + b, 0)).toBe(seeded);
    expect(await rows()).toBe(seeded);
    expect((await t.app.inject({ url: '/api/portal/registry' })).json().entries.length).toBeGreaterThan(0);
  });

  it('refuses a registry file that breaks the rules', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-file-'));
    const write = (entries: unknown[]) => {
      const file = path.join(dir, 'registry.json');
      fs.writeFileSync(file, JSON.stringify({ entries }));
      return file;
    };
    const good = JSON.parse(fs.readFileSync(REGISTRY_FILE, 'utf8')).entries[0];
    expect(readRegistryFile(write([good]))).toHaveLength(1);
    expect(() => readRegistryFile(write([{ ...good, routes: ['/login'] }]))).toThrow(
      /validation_registry_route_reserved/,
    );
    expect(() => readRegistryFile(write([good, { ...good, id: 'other' }]))).toThrow(/route \/profile taken/);
    expect(() => readRegistryFile(write([{ ...good, extra: 1 }]))).toThrow(/invalid/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('GET /api/portal/remote-origins', () => {
  it('lists the origins of enabled absolute manifest URLs, overrides included, without a token', async () => {
    await t.app.db.delete(registryEntries);
    await t.app.db.delete(appMeta);
    await seedRegistry(t.app);
    const res = await t.app.inject({ url: '/api/portal/remote-origins' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ origins: ['http://localhost:3104', 'https://cdn.example'] });
  });
});
