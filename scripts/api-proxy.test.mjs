// The portal server's /api proxy over several api instances (API_URL as a comma list): balanced, and a request
// that cannot connect to one instance goes to another (also a POST with its body: nothing reached the first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import Fastify from 'fastify';
import { PassThrough } from 'node:stream';
import {
  API_BODY_LIMIT,
  LimitedBody,
  UPLOAD_BODY_LIMIT,
  apiProxy,
  bodyLimitOf,
  createBalancer,
  parseUpstreams,
  retryPolicy,
} from './portal-server/api-proxy.mjs';

const MB = 1024 * 1024;
const UPLOAD = '/api/gpsr/product/upload/files';

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

/** Runs `use(api, proxy)` with the portal's proxy in front of a counting stand-in api; closes both afterwards. */
async function throughProxy(use) {
  const api = await countingUpstream();
  const proxy = await proxyTo(api.url);
  try {
    return await use(api, proxy);
  } finally {
    await proxy.app.close();
    await api.app.close();
  }
}

/**
 * A stand-in api that takes bodies of any size as a stream and counts them (`seen` lists each request as it starts;
 * `bytes` grows while the body arrives), answering { bytes } once the body is in.
 */
async function countingUpstream() {
  const seen = [];
  const app = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => {
    const entry = seen.at(-1);
    payload.on('data', (chunk) => (entry.bytes += chunk.length));
    payload.on('end', () => done(null, entry.bytes));
    payload.on('error', done);
  });
  app.addHook('onRequest', async (request) => {
    seen.push({ url: request.url, headers: request.headers, bytes: 0 });
  });
  app.all('/api/*', async (request) => ({ bytes: request.body ?? 0 }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, seen, url: `http://127.0.0.1:${app.server.address().port}` };
}

/**
 * A raw HTTP/1.1 client: sends `head` (request line and headers), then the chunks of `body` one by one, each only
 * when `next()` of the returned object is called — so a test decides how much of a body exists when it looks.
 */
function rawClient(port, head) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  let data = '';
  let onData = () => {};
  socket.on('data', (chunk) => {
    data += chunk;
    onData();
  });
  socket.write(`${head.join('\r\n')}\r\n\r\n`);
  return {
    socket,
    write: (chunk) => socket.write(chunk),
    /** The response status and body once the head and the whole (content-length) body are in, or null at timeout. */
    response(timeoutMs) {
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(null), timeoutMs);
        onData = () => {
          const end = data.indexOf('\r\n\r\n');
          if (end < 0) return;
          const length = Number(/content-length: (\d+)/i.exec(data.slice(0, end))?.[1] ?? 0);
          if (data.length - end - 4 < length) return;
          clearTimeout(timer);
          resolve({ status: Number(data.split(' ')[1]), body: data.slice(end + 4, end + 4 + length) });
        };
        onData();
      });
    },
  };
}

const until = async (condition, timeoutMs = 5000) => {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
};

test("body limits per route: the api's JSON limit everywhere, the upload's only on the upload route", () => {
  assert.equal(bodyLimitOf('POST', '/api/user'), API_BODY_LIMIT);
  assert.equal(bodyLimitOf('POST', UPLOAD), UPLOAD_BODY_LIMIT);
  assert.equal(bodyLimitOf('POST', `${UPLOAD}?x=1`), UPLOAD_BODY_LIMIT);
  assert.equal(bodyLimitOf('PUT', UPLOAD), API_BODY_LIMIT);
  assert.equal(bodyLimitOf('POST', `${UPLOAD}/`), API_BODY_LIMIT);
  assert.equal(bodyLimitOf('POST', '/api/gpsr/product/upload/%66iles'), API_BODY_LIMIT);
});

test("the limits are the api's own (Fastify bodyLimit, GPSR upload limit plus 1 MB of multipart framing)", () => {
  const bytes = (expression) => expression.split('*').reduce((product, factor) => product * Number(factor.trim()), 1);
  const app = fs.readFileSync(new URL('../api/src/app.ts', import.meta.url), 'utf8');
  assert.equal(bytes(/bodyLimit: ([\d *]+),/.exec(app)[1]), API_BODY_LIMIT);
  const gpsr = fs.readFileSync(new URL('../shared/src/domain/gpsr.ts', import.meta.url), 'utf8');
  assert.equal(bytes(/maxRequestBytes: ([\d *]+),/.exec(gpsr)[1]) + MB, UPLOAD_BODY_LIMIT);
  const upload = fs.readFileSync(new URL('../api/src/modules/gpsr/upload.ts', import.meta.url), 'utf8');
  assert.match(upload, /declared > GPSR_UPLOAD_LIMITS\.maxRequestBytes \+ MB/);
});

test('a body over the limit is answered 413 from its Content-Length, before it is sent, for every method', async () => {
  await throughProxy(async (api, proxy) => {
    const port = new URL(proxy.url).port;
    for (const [method, url] of [
      ['POST', '/api/user'],
      ['PUT', '/api/user'],
      ['PATCH', '/api/user'],
      ['DELETE', '/api/user'],
      ['GET', '/api/user'],
      ['POST', UPLOAD],
    ]) {
      const size = url === UPLOAD ? UPLOAD_BODY_LIMIT + 1 : 60 * MB;
      const client = rawClient(port, [
        `${method} ${url} HTTP/1.1`,
        'Host: portal.test',
        'Content-Type: application/json',
        `Content-Length: ${size}`,
      ]);
      client.write(Buffer.alloc(64 * 1024, 120));
      // Only 64 KB of the body exist: an answer now was given without waiting for (or reading) the rest.
      const response = await client.response(3000);
      client.socket.destroy();
      assert.ok(response, `${method} ${url}: no answer before the body was sent`);
      assert.equal(response.status, 413, `${method} ${url}`);
      assert.deepEqual(JSON.parse(response.body), {
        message: `Request body is too large (at most ${(url === UPLOAD ? UPLOAD_BODY_LIMIT : API_BODY_LIMIT) / MB} MB)`,
        slug: 'payload-too-large',
      });
    }
    assert.equal(api.seen.length, 0, 'nothing reached the api');
  });
});

test('eight 60 MB POSTs sent in full: 413 each, and the portal server holds none of them', async (t) => {
  await throughProxy(async (api, proxy) => {
    const chunk = Buffer.alloc(MB, 120);
    /** Sends 60 MB with Content-Length in 1 MB writes (the same buffer: the client holds no body either). */
    const post = () =>
      new Promise((resolve, reject) => {
        const request = http.request(`${proxy.url}/api/user`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': 60 * MB },
        });
        request.on('response', (response) => {
          let body = '';
          response.on('data', (part) => (body += part));
          response.on('end', () => resolve({ status: response.statusCode, body: JSON.parse(body) }));
        });
        request.on('error', reject);
        let sent = 0;
        const pump = () => {
          while (sent < 60) {
            sent += 1;
            if (!request.write(chunk)) return request.once('drain', pump);
          }
          request.end();
        };
        pump();
      });
    global.gc?.();
    const before = process.memoryUsage().rss;
    const results = await Promise.all(Array.from({ length: 8 }, post));
    const grown = process.memoryUsage().rss - before;
    t.diagnostic(`RSS ${(before / MB).toFixed(0)} → ${((before + grown) / MB).toFixed(0)} MB`);
    // One body held in memory would be 60 MB (the eight: 480 MB).
    assert.ok(grown < 50 * MB, `RSS grew by ${(grown / MB).toFixed(0)} MB`);
    for (const result of results) assert.deepEqual([result.status, result.body.slug], [413, 'payload-too-large']);
    assert.equal(api.seen.length, 0);
  });
});

test('a chunked body is cut with 413 as soon as it passes the limit; the api gets no more than the limit', async () => {
  await throughProxy(async (api, proxy) => {
    const client = rawClient(new URL(proxy.url).port, [
      'POST /api/user HTTP/1.1',
      'Host: portal.test',
      'Content-Type: application/json',
      'Transfer-Encoding: chunked',
    ]);
    const chunk = Buffer.alloc(256 * 1024, 120);
    for (let i = 0; i < 5; i++) client.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    // 1.25 MB sent, the body not ended: the answer comes now.
    const response = await client.response(3000);
    client.socket.destroy();
    assert.ok(response, 'no answer while the body was still open');
    assert.equal(response.status, 413);
    assert.equal(JSON.parse(response.body).slug, 'payload-too-large');
    assert.ok(api.seen[0].bytes <= API_BODY_LIMIT, `the api got ${api.seen[0].bytes} bytes`);
  });
});

test('an upload-sized body on the upload route streams through to the api (it arrives while still being sent)', async () => {
  await throughProxy(async (api, proxy) => {
    const size = 80 * MB;
    const client = rawClient(new URL(proxy.url).port, [
      `POST ${UPLOAD} HTTP/1.1`,
      'Host: portal.test',
      'Content-Type: multipart/form-data; boundary=x',
      `Content-Length: ${size}`,
    ]);
    const chunk = Buffer.alloc(MB, 120);
    for (let i = 0; i < 40; i++) client.write(chunk);
    // Half the body is sent and the rest not yet: the api is already reading it.
    assert.ok(await until(() => (api.seen[0]?.bytes ?? 0) > 0), 'nothing reached the api before the body was complete');
    for (let i = 0; i < 40; i++) client.write(chunk);
    const response = await client.response(20000);
    client.socket.destroy();
    assert.equal(response?.status, 200);
    assert.deepEqual(JSON.parse(response.body), { bytes: size });
  });
});

test("X-Forwarded-For names the client's address; what the client sent in it (or in Forwarded) is dropped", async () => {
  await throughProxy(async (api, proxy) => {
    const response = await fetch(`${proxy.url}/api/user`, {
      headers: { 'x-forwarded-for': '203.0.113.7', forwarded: 'for=203.0.113.7', 'x-real-ip': '203.0.113.7' },
    });
    assert.equal(response.status, 200);
    const { headers } = api.seen[0];
    assert.equal(headers['x-forwarded-for'], '127.0.0.1');
    assert.equal(headers.forwarded, undefined);
    assert.equal(headers['x-real-ip'], undefined);
  });
});

test("X-Request-Id passes both ways: the browser's id reaches the api, the api's answer names it to the browser", async () => {
  const app = Fastify();
  const seen = [];
  app.all('/api/*', async (request, reply) => {
    seen.push(request.headers['x-request-id']);
    reply.header('x-request-id', `echo-${request.headers['x-request-id']}`);
    return {};
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const api = { app, url: `http://127.0.0.1:${app.server.address().port}` };
  const proxy = await proxyTo(api.url);
  try {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const response = await fetch(`${proxy.url}/api/user`, { headers: { 'x-request-id': id } });
    assert.equal(response.status, 200);
    assert.deepEqual(seen, [id]);
    assert.equal(response.headers.get('x-request-id'), `echo-${id}`);
  } finally {
    await proxy.app.close();
    await api.app.close();
  }
});

test('Expect: 100-continue (curl sends it with larger bodies) is answered here and not passed on', async () => {
  await throughProxy(async (api, proxy) => {
    const post = (url, size) =>
      new Promise((resolve, reject) => {
        const request = http.request(`${proxy.url}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': size, expect: '100-continue' },
        });
        request.on('continue', () => request.end(Buffer.alloc(size, 120)));
        request.on('response', (response) => {
          let body = '';
          response.on('data', (part) => (body += part));
          response.on('end', () => resolve({ status: response.statusCode, body: JSON.parse(body) }));
        });
        request.on('error', reject);
      });
    assert.deepEqual(await post('/api/user', 4096), { status: 200, body: { bytes: 4096 } });
    assert.deepEqual(await post(UPLOAD, 3 * MB), { status: 200, body: { bytes: 3 * MB } });
    assert.equal(api.seen[0].headers.expect, undefined);
  });
});

test('parseUpstreams takes a comma list of origins', () => {
  assert.deepEqual(parseUpstreams('http://127.0.0.1:3001, http://127.0.0.1:3002/ ,http://127.0.0.1:3001'), [
    'http://127.0.0.1:3001',
    'http://127.0.0.1:3002',
  ]);
  assert.throws(() => parseUpstreams(' , '), /names no api/);
});

test('retry policy: a refused connection goes to another instance for any method, a cut-off one only for GET', async () => {
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
  // A body can go to another instance only while none of it has been read from the client.
  const source = new PassThrough();
  const untouched = { ...req('POST'), body: new LimitedBody(source, MB) };
  assert.equal(policy({ err: { code: 'ECONNREFUSED' }, req: untouched, attempt: 0, getDefaultDelay }), 1);
  assert.ok(untouched.body instanceof LimitedBody && untouched.body.resendable);
  const partlySent = { ...req('POST'), body: new LimitedBody(source, MB) };
  source.write('{"n":');
  partlySent.body.read();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(partlySent.body.resendable, false);
  assert.equal(policy({ err: { code: 'ECONNREFUSED' }, req: partlySent, attempt: 0, getDefaultDelay }), null);
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
