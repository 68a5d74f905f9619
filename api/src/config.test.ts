import path from 'node:path';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

const load = (env: Record<string, string>) => loadConfig({ ...env } as NodeJS.ProcessEnv);

describe('loadConfig', () => {
  it('uses the documented defaults in development', () => {
    const c = load({});
    expect(c).toMatchObject({
      mode: 'development',
      port: 3001,
      host: '127.0.0.1',
      dataDir: path.join(REPO_ROOT, '.data'),
      databaseUrl: null,
      firebase: { projectId: 'demo-portal', authEmulatorHost: '127.0.0.1:9099' },
      internalEmails: ['staff@portal.test'],
      remotesBaseUrl: '/remotes',
      smtpUrl: null,
      seedDemo: false,
      dsEncryptionKey: null,
      dsAllowedHosts: [],
    });
    expect(c.pgliteDir).toBe(path.join(REPO_ROOT, '.data', 'pglite'));
    expect(c.payment.graceDays).toBe(14);
    expect(load({ PAYMENT_GRACE_DAYS: '0' }).payment.graceDays).toBe(0);
  });

  it('reads lists, remote overrides, flags and keys', () => {
    const key = 'ab'.repeat(32);
    const c = load({
      PORTAL_MODE: 'test',
      PORT: '4000',
      INTERNAL_EMAILS: 'A@x.de, b@y.de',
      REMOTES_BASE_URL: 'https://cdn.example/remotes/',
      REMOTE_URL_GPSR: 'http://localhost:3104/mf-manifest.json',
      SEED_DEMO: 'true',
      DS_ENCRYPTION_KEY: key,
      DS_ALLOWED_HOSTS: 'db.example.com, .corp.example',
      DATABASE_URL: 'postgres://u@h:5432/db',
    });
    expect(c.mode).toBe('test');
    expect(c.port).toBe(4000);
    expect(c.internalEmails).toEqual(['a@x.de', 'b@y.de']);
    expect(c.remotesBaseUrl).toBe('https://cdn.example/remotes');
    expect(c.remoteUrls).toEqual({ gpsr: 'http://localhost:3104/mf-manifest.json' });
    expect(c.seedDemo).toBe(true);
    expect(c.dsEncryptionKey?.toString('hex')).toBe(key);
    expect(c.dsAllowedHosts).toEqual(['db.example.com', '.corp.example']);
    expect(c.databaseUrl).toBe('postgres://u@h:5432/db');
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a whole number between 1 and 65535 (got "abc").'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be a whole number between 1 and 65535 (got "70000").'],
    [
      { PORTAL_MODE: 'staging' },
      'Invalid configuration: PORTAL_MODE must be production, development or test (got "staging").',
    ],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid configuration: DATABASE_URL must start with postgres:// or postgresql://.',
    ],
    [{ SEED_DEMO: 'maybe' }, 'Invalid configuration: SEED_DEMO must be true or false (got "maybe").'],
    [
      { DS_ENCRYPTION_KEY: 'short' },
      'Invalid configuration: DS_ENCRYPTION_KEY must be 32 bytes written as 64 hex characters or base64.',
    ],
    [
      { FIREBASE_AUTH_EMULATOR_HOST: 'localhost' },
      'Invalid configuration: FIREBASE_AUTH_EMULATOR_HOST must look like host:port, e.g. 127.0.0.1:9099.',
    ],
    [{ SUPPORT_EMAIL: 'support' }, 'Invalid configuration: SUPPORT_EMAIL must be an email address (got "support").'],
    [{ LINK_IMPRINT: 'impressum' }, 'Invalid configuration: LINK_IMPRINT must be an http(s) URL (got "impressum").'],
    [
      { PAYMENT_GRACE_DAYS: '400' },
      'Invalid configuration: PAYMENT_GRACE_DAYS must be a whole number of days from 0 to 365 (got "400").',
    ],
  ])('stops with one clear sentence for %j', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });

  it('refuses the emulator in production mode', () => {
    expect(() => load({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(
      /^Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set while running in production mode/,
    );
    expect(() => load({ PORTAL_MODE: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(
      ConfigError,
    );
  });

  it('uses real Firebase (no emulator) in production and the emulator otherwise', () => {
    expect(load({ PORTAL_MODE: 'production' }).firebase.authEmulatorHost).toBeNull();
    expect(load({ PORTAL_MODE: 'test' }).firebase.authEmulatorHost).toBe('127.0.0.1:9099');
    expect(load({ FIREBASE_AUTH_EMULATOR_HOST: 'emu:9199' }).firebase.authEmulatorHost).toBe('emu:9199');
  });
});
