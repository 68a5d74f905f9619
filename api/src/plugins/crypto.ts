import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';

const VERSION = 'v1';
const KEY_FILE = 'ds-encryption.key';

/** AES-256-GCM; output `v1:<iv>:<tag>:<ciphertext>` (base64 parts). */
export function encrypt(plain: string, key: Buffer): string {
  if (key.length !== 32) throw new Error('Encryption key must be 32 bytes');
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64'), tag.toString('base64'), data.toString('base64')].join(':');
}

/** Reverses encrypt(); throws when the value was tampered with or the key is wrong. */
export function decrypt(payload: string, key: Buffer): string {
  const parts = payload.split(':');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new Error('Unknown encrypted value format');
  const [, iv, tag, data] = parts;
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}

/** The configured key, or a development key generated once into DATA_DIR. */
export function resolveKey(config: AppConfig): Buffer {
  if (config.dsEncryptionKey) return config.dsEncryptionKey;
  if (config.mode === 'production') {
    throw new Error('DS_ENCRYPTION_KEY must be set in production mode.');
  }
  const file = path.join(config.dataDir, KEY_FILE);
  if (fs.existsSync(file)) {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
    if (key.length === 32) return key;
    throw new Error(`The development key in ${file} is damaged; delete it to generate a new one.`);
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const key = crypto.randomBytes(32);
  fs.writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  return key;
}

export interface CryptoService {
  encrypt(plain: string): string;
  decrypt(payload: string): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    crypto: CryptoService;
  }
}

export default fp(
  async (app, opts: { config: AppConfig }) => {
    const key = resolveKey(opts.config);
    app.decorate('crypto', {
      encrypt: (plain: string) => encrypt(plain, key),
      decrypt: (payload: string) => decrypt(payload, key),
    });
  },
  { name: 'crypto' },
);
