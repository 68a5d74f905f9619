import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkManifest, isLoopbackHost } from './manifest-check';

const MANIFEST = { name: 'mfe_demo', exposes: [{ name: 'remote', path: './remote' }] };

let server: http.Server;
let port = 0;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/mf-manifest.json') res.writeHead(200).end(JSON.stringify(MANIFEST));
    else res.writeHead(500).end('internal details of another service');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const hosts = ['127.0.0.1', 'localhost', 'manifests.example', 'rebound.example'];
const development = {
  mode: 'development' as const,
  portalOrigins: ['http://127.0.0.1:8080'],
  remoteManifestHosts: hosts,
};
const production = { ...development, mode: 'production' as const };
/** A name that resolves to this machine (as a DNS answer can, for any allowed host). */
const toLoopback = async () => [{ address: '127.0.0.1', family: 4 }];

describe('manifest check', () => {
  it('loads a manifest from this machine outside production', async () => {
    expect(await checkManifest(`http://127.0.0.1:${port}/mf-manifest.json`, development)).toEqual({
      valid: true,
      reason: null,
      remoteName: 'mfe_demo',
    });
    expect(
      await checkManifest(`http://rebound.example:${port}/mf-manifest.json`, development, { resolve: toLoopback }),
    ).toMatchObject({ valid: true });
  });

  it('never fetches from this machine in production, by name, literal or a name that resolves to it', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/mf-manifest.json`,
      `http://localhost:${port}/mf-manifest.json`,
      `http://[::1]:${port}/mf-manifest.json`,
      `http://0.0.0.0:${port}/mf-manifest.json`,
      `http://2130706433:${port}/mf-manifest.json`,
    ]) {
      const config = { ...production, remoteManifestHosts: [...hosts, '[::1]', '0.0.0.0'] };
      await expect(checkManifest(url, config)).rejects.toMatchObject({ slug: 'manifest-host-not-allowed' });
    }
    await expect(
      checkManifest(`http://rebound.example:${port}/mf-manifest.json`, production, { resolve: toLoopback }),
    ).rejects.toMatchObject({ slug: 'manifest-host-not-allowed' });
  });

  it('fetches nothing but an mf-manifest.json', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://127.0.0.1:${port}/admin`,
      `http://127.0.0.1:${port}/mf-manifest.json/..`,
      `http://127.0.0.1:${port}/admin?mf-manifest.json`,
      `http://127.0.0.1:${port}/admin#mf-manifest.json`,
      `http://127.0.0.1:${port}/mf-manifest.jsonx`,
      `http://127.0.0.1:${port}/mf-manifest%2Ejson`,
    ]) {
      await expect(checkManifest(url, development)).rejects.toMatchObject({
        slug: 'validation-error',
        fields: { manifestUrl: 'validation_registry_manifest_url_not_manifest' },
      });
    }
  });

  it("passes on no other service's status code or body", async () => {
    const result = await checkManifest(`http://127.0.0.1:${port}/other/mf-manifest.json`, development);
    expect(result).toEqual({ valid: false, reason: 'not-reachable', remoteName: null });
  });

  it('knows the names of this machine', () => {
    for (const host of [
      'localhost',
      'LOCALHOST',
      'app.localhost',
      '127.0.0.1',
      '127.8.9.10',
      '[::1]',
      '::1',
      '0.0.0.0',
    ]) {
      expect([host, isLoopbackHost(host)]).toEqual([host, true]);
    }
    for (const host of ['example.com', '10.0.0.1', '[2001:db8::1]', 'localhost.example.com']) {
      expect([host, isLoopbackHost(host)]).toEqual([host, false]);
    }
  });
});
