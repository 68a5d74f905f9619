// The portal server's /api proxy over several api instances (API_URL as a comma list): balanced, and a request
// that cannot connect to one instance goes to another (also a POST with its body: nothing reached the first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import Fastify from 'fastify';
import { apiProxy, createBalancer, parseUpstreams, retryPolicy } from './portal-server/api-proxy.mjs';

async function upstream(name) {
  const app = Fastify();
  app.all('/api/*', async (request) => ({ name, method: request.method, body: request.body ?? null }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${app.server.address().port}` };
}

async function closedPort() {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(`http://127.0.0.1:${port}`));
    });
  });
}

async function proxyTo(apiUrl) {
  const app = Fastify();
  await app.register(apiProxy, { upstream: apiUrl });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${app.server.address().port}` };
}

test('parseUpstreams takes a comma list of origins', () => {
  assert.deepEqual(parseUpstreams('http://127.0.0.1:3001, http://127.0.0.1:3002/ ,http://127.0.0.1:3001'), [
    'http://127.0.0.1:3001',
    'http://127.0.0.1:3002',
  ]);
  assert.throws(() => parseUpstreams(' , '), /names no api/);
});

test('retry policy: a refused connection goes to another instance for any method, a cut-off one only for GET', () => {
  const getDefaultDelay = () => 'default';
  const balancer = createBalancer(['http://a:1', 'http://b:2']);
  const policy = retryPolicy(balancer);
  const req = (method) => ({ method, url: new URL('http://a:1/api/x?q=1') });
  const post = req('POST');
  assert.equal(policy({ err: { code: 'ECONNREFUSED' }, req: post, attempt: 0, getDefaultDelay }), 1);
  assert.equal(post.url.href, 'http://b:2/api/x?q=1');
  // a is skipped for a while: new requests go to b
  assert.equal(balancer.pick(), 'http://b:2');
  assert.equal(balancer.pick(), 'http://b:2');
  assert.equal(policy({ err: { code: 'ECONNREFUSED' }, req: req('POST'), attempt: 1, getDefaultDelay }), null);
  assert.equal(policy({ err: { code: 'ECONNRESET' }, req: req('GET'), attempt: 0, getDefaultDelay }), 1);
  assert.equal(policy({ err: { code: 'ECONNRESET' }, req: req('POST'), attempt: 0, getDefaultDelay }), null);
  const closing = { statusCode: 503, headers: { connection: 'close' } };
  assert.equal(policy({ res: closing, req: req('POST'), attempt: 0, getDefaultDelay }), 1);
  const dbDown = { statusCode: 503, headers: { connection: 'keep-alive' } };
  assert.equal(policy({ res: dbDown, req: req('POST'), attempt: 0, getDefaultDelay }), null);
  // One instance: reply-from's own default, as before.
  const single = retryPolicy(createBalancer(['http://a:1']));
  assert.equal(single({ err: { code: 'ECONNREFUSED' }, req: req('GET'), attempt: 0, getDefaultDelay }), 'default');
});

test('two instances: requests are spread over both', async () => {
  const a = await upstream('a');
  const b = await upstream('b');
  const proxy = await proxyTo(`${a.url},${b.url}`);
  try {
    const names = [];
    for (let i = 0; i < 10; i++) names.push((await (await fetch(`${proxy.url}/api/x`)).json()).name);
    assert.ok(names.includes('a') && names.includes('b'), names.join(''));
  } finally {
    await proxy.app.close();
    await a.app.close();
    await b.app.close();
  }
});

test('one instance down: every request, also a POST with a body, is answered by the other', async () => {
  const live = await upstream('live');
  const proxy = await proxyTo(`${await closedPort()},${live.url}`);
  try {
    for (let i = 0; i < 10; i++) {
      const get = await fetch(`${proxy.url}/api/x`);
      assert.equal(get.status, 200);
      const post = await fetch(`${proxy.url}/api/y`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ n: i }),
      });
      assert.equal(post.status, 200);
      assert.deepEqual(await post.json(), { name: 'live', method: 'POST', body: { n: i } });
    }
  } finally {
    await proxy.app.close();
    await live.app.close();
  }
});

test('all instances down: 502 bad-gateway as before', async () => {
  const proxy = await proxyTo(`${await closedPort()},${await closedPort()}`);
  try {
    const res = await fetch(`${proxy.url}/api/x`);
    assert.equal(res.status, 502);
    assert.equal((await res.json()).slug, 'bad-gateway');
  } finally {
    await proxy.app.close();
  }
});
