import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { decrypt, encrypt, resolveKey } from './crypto';

const key = crypto.randomBytes(32);

describe('AES-256-GCM helpers', () => {
  it('round-trips text, with a fresh IV every time', () => {
    const a = encrypt('pässwörd 🔑', key);
    const b = encrypt('pässwörd 🔑', key);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1:/);
    expect(a).not.toContain('pässwörd');
    expect(decrypt(a, key)).toBe('pässwörd 🔑');
  });

  it('rejects a wrong key, tampering and unknown formats', () => {
    const payload = encrypt('secret', key);
    expect(() => decrypt(payload, crypto.randomBytes(32))).toThrow();
    const parts = payload.split(':');
    const data = Buffer.from(parts[3], 'base64');
    data[0] ^= 1;
    parts[3] = data.toString('base64');
    expect(() => decrypt(parts.join(':'), key)).toThrow();
    expect(() => decrypt('plain', key)).toThrow('Unknown encrypted value format');
    expect(() => encrypt('x', Buffer.alloc(16))).toThrow('32 bytes');
  });
});

describe('resolveKey', () => {
  it('generates a development key once and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crypto-test-'));
    try {
      const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir } as NodeJS.ProcessEnv);
      const first = resolveKey(config);
      expect(first).toHaveLength(32);
      expect(fs.existsSync(path.join(dir, 'ds-encryption.key'))).toBe(true);
      expect(resolveKey(config).equals(first)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prefers DS_ENCRYPTION_KEY and demands one in production', () => {
    const hex = 'cd'.repeat(32);
    expect(resolveKey(loadConfig({ DS_ENCRYPTION_KEY: hex } as NodeJS.ProcessEnv)).toString('hex')).toBe(hex);
    expect(() =>
      resolveKey(loadConfig({ PORTAL_MODE: 'production', DATA_DIR: os.tmpdir() } as NodeJS.ProcessEnv)),
    ).toThrow('DS_ENCRYPTION_KEY must be set in production mode.');
  });
});
