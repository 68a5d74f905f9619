// A throw-away certificate authority and a leaf certificate made with openssl for the PayPal signature tests
// (PayPal's own certificates cannot be fetched here).
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

export interface TestCertificates {
  caPem: string;
  leafPem: string;
  leafKey: string;
  /** A self-signed certificate that no trusted root issued. */
  strangerPem: string;
  strangerKey: string;
}

export function makeTestCertificates(): TestCertificates {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paypal-test-cert-'));
  const f = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  try {
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      f('ca.key'),
      '-out',
      f('ca.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=Portal Test Root CA',
    );
    openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      f('leaf.key'),
      '-out',
      f('leaf.csr'),
      '-subj',
      '/CN=messageverificationcerts.paypal.test',
    );
    openssl(
      'x509',
      '-req',
      '-in',
      f('leaf.csr'),
      '-CA',
      f('ca.pem'),
      '-CAkey',
      f('ca.key'),
      '-CAcreateserial',
      '-out',
      f('leaf.pem'),
      '-days',
      '1',
    );
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      f('stranger.key'),
      '-out',
      f('stranger.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=stranger',
    );
    const read = (name: string) => fs.readFileSync(f(name), 'utf8');
    return {
      caPem: read('ca.pem'),
      leafPem: read('leaf.pem'),
      leafKey: read('leaf.key'),
      strangerPem: read('stranger.pem'),
      strangerKey: read('stranger.key'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const TEST_CERT_URL = 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-test';

/** The PAYPAL-* headers PayPal would send for `rawBody`, signed with `key`. */
export function paypalHeaders(
  rawBody: Buffer,
  opts: { webhookId: string; key: string; certUrl?: string; transmissionId?: string },
): Record<string, string> {
  const transmissionId = opts.transmissionId ?? crypto.randomUUID();
  const time = new Date().toISOString();
  const message = `${transmissionId}|${time}|${opts.webhookId}|${zlib.crc32(rawBody) >>> 0}`;
  const sig = crypto.sign('sha256', Buffer.from(message), opts.key).toString('base64');
  return {
    'content-type': 'application/json',
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-time': time,
    'paypal-transmission-sig': sig,
    'paypal-cert-url': opts.certUrl ?? TEST_CERT_URL,
    'paypal-auth-algo': 'SHA256withRSA',
  };
}
