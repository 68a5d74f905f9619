// /api and /api/* to the api (@fastify/http-proxy); the client never chooses the host. API_URL may name several api
// instances (comma list): requests go round-robin over them, an instance that refused a connection is skipped for a
// few seconds, and a request that could not even connect (ECONNREFUSED: an instance restarting) goes to another
// instance — safe for any method, since nothing reached the api. A GET cut off mid-way is sent once more too.
//
// Request bodies stream through to the api, never held here, and are limited as the api limits them: a body over
// its route's limit is answered 413 from its Content-Length before a byte of it is read, or, sent without a length
// (chunked), as soon as it passes the limit while streaming (the api gets nothing more of it).
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import httpProxy from '@fastify/http-proxy';

// The undici that reply-from sends with (its connector is wrapped below).
const require = createRequire(import.meta.url);
const { buildConnector } = createRequire(require.resolve('@fastify/reply-from'))('undici');

const MB = 1024 * 1024;
/** The api's body limit for every route but the upload: Fastify's bodyLimit in api/src/app.ts. */
export const API_BODY_LIMIT = 1 * MB;
/**
 * The GPSR evidence upload takes up to GPSR_UPLOAD_LIMITS.maxRequestBytes (100 MB, shared/src/domain/gpsr.ts) of
 * files plus 1 MB for the multipart framing: the api refuses a larger Content-Length (api/src/modules/gpsr/upload.ts).
 */
export const UPLOAD_BODY_LIMIT = 101 * MB;
/** The one route with the large limit, exactly as the api routes it (any other spelling gets the small limit). */
const UPLOAD_ROUTE = { method: 'POST', path: '/api/gpsr/product/upload/files' };
/**
 * After an answer that left part of the request body unread (refused early, or the api answered before the body
 * was in), the rest is read and dropped for at most this long, then the connection is closed: closing at once would
 * make the kernel answer the client's next bytes with a reset, which can destroy the answer before the client reads
 * it; reading on for ever would let a client hold a connection with an endless body.
 */
const LINGER_MS = 5000;

/** The most bytes the api takes as the body of `method` `url`. */
export function bodyLimitOf(method, url) {
  const pathname = String(url).split('?')[0];
  return method === UPLOAD_ROUTE.method && pathname === UPLOAD_ROUTE.path ? UPLOAD_BODY_LIMIT : API_BODY_LIMIT;
}

const tooLargeBody = (limit) => ({
  message: `Request body is too large (at most ${limit / MB} MB)`,
  slug: 'payload-too-large',
});

/** Why a streamed body was cut: it passed its route's limit. */
class BodyTooLargeError extends Error {
  constructor(limit) {
    super(tooLargeBody(limit).message);
    this.code = 'PORTAL_BODY_TOO_LARGE';
    this.statusCode = 413;
    this.limit = limit;
  }
}

/**
 * The request body as the api gets it: read from the client only while the api takes it (so backpressure holds the
 * client, nothing piles up here), counted, and cut with a BodyTooLargeError once it passes `limit`. Nothing is read
 * from the client before the transport first asks: until then another attempt may take the body instead (again()).
 */
export class LimitedBody extends Readable {
  constructor(source, limit, counted = { bytes: 0 }) {
    super();
    this.source = source;
    this.limit = limit;
    this.counted = counted;
    this.attached = false;
    this.ended = false;
    this.onData = (chunk) => {
      this.counted.bytes += chunk.length;
      if (this.counted.bytes > this.limit) {
        this.destroy(new BodyTooLargeError(this.limit));
        return;
      }
      if (!this.push(chunk)) this.source.pause();
    };
    this.onEnd = () => {
      this.ended = true;
      this.push(null);
    };
    this.onError = (error) => this.destroy(error);
  }

  _read() {
    if (!this.attached) {
      this.attached = true;
      this.source.on('data', this.onData);
      this.source.once('end', this.onEnd);
      this.source.once('error', this.onError);
    }
    this.source.resume();
  }

  _destroy(error, callback) {
    if (this.attached) {
      this.source.off('data', this.onData);
      this.source.off('end', this.onEnd);
      this.source.off('error', this.onError);
      this.attached = false;
    }
    this.source.pause();
    callback(error);
  }

  /** Whether another attempt can send the body: not a byte of it has been taken from the client. */
  get resendable() {
    return this.counted.bytes === 0 && !this.ended;
  }

  /** A fresh stream over the same, untouched request body (this one is done with). */
  again() {
    this.destroy();
    return new LimitedBody(this.source, this.limit, this.counted);
  }
}

/** `http://a:3001, http://b:3002` → the distinct origins, in order. */
export function parseUpstreams(value) {
  const origins = String(value)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => new URL(part).origin);
  if (!origins.length) throw new Error('API_URL names no api');
  return [...new Set(origins)];
}

/** Errors after which nothing reached the api (any method may go to another instance). */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** Errors after which a request may have reached the api: only a GET or HEAD is sent again. */
const CUT_OFF = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'EPIPE']);
/** How long an instance that refused a connection gets no new requests. */
const SKIP_MS = 2000;

/** Round robin over the instances, skipping those that failed to connect in the last SKIP_MS. */
export function createBalancer(upstreams, now = () => Date.now()) {
  const downUntil = new Map();
  let next = 0;
  return {
    upstreams,
    pick(except) {
      for (let i = 0; i < upstreams.length; i++) {
        const candidate = upstreams[(next + i) % upstreams.length];
        if (candidate === except || (downUntil.get(candidate) ?? 0) > now()) continue;
        next = (upstreams.indexOf(candidate) + 1) % upstreams.length;
        return candidate;
      }
      // Everything is marked down: try the next one anyway (it may be back).
      const fallback = upstreams.find((u) => u !== except) ?? upstreams[0];
      next = (upstreams.indexOf(fallback) + 1) % upstreams.length;
      return fallback;
    },
    markDown(origin) {
      downUntil.set(origin, now() + SKIP_MS);
    },
  };
}

/**
 * Whether (and after how many ms) reply-from sends a failed request again. With one instance: reply-from's own
 * default, as before (it never resends a request with a body). With several: once per other instance, to another
 * instance (`req.url` is what reply-from sends the next attempt to). A body streams from the client, so it can be
 * sent again only while not a byte of it has been taken: a request without a body, and one whose connection was
 * refused before its body was read (the usual case: undici reads the body only once connected), go to another
 * instance; one whose body was partly sent gets the failure as it is.
 */
export function retryPolicy(balancer) {
  const instances = balancer.upstreams.length;
  return ({ err, res, req, attempt, getDefaultDelay }) => {
    if (instances < 2) return getDefaultDelay(req, res, err, attempt);
    const code = err?.code ?? err?.cause?.code;
    const idempotent = req.method === 'GET' || req.method === 'HEAD';
    const failed = req.url.origin;
    let again = false;
    if (code && NOT_CONNECTED.has(code)) {
      balancer.markDown(failed);
      again = true;
    } else if (idempotent && code && CUT_OFF.has(code)) again = true;
    // An instance that is shutting down answers 503 with `Connection: close` before routing anything (Fastify's
    // return503OnClosing): nothing ran, so any method may go to another instance. (The api's own 503s, e.g.
    // database-unavailable, keep the connection.)
    else if (res?.statusCode === 503 && res.headers?.connection === 'close') again = true;
    if (!again || attempt >= instances - 1) return null;
    if (req.body instanceof LimitedBody) {
      if (!req.body.resendable) return null;
      // The failed attempt destroyed its body stream: the next one reads the untouched body through a fresh one.
      req.body = req.body.again();
    }
    req.url = new URL(`${req.url.pathname}${req.url.search}`, balancer.pick(failed));
    return 1;
  };
}

/** Write errors that say the api closed the connection (it may have answered first). */
const PEER_GONE = new Set(['EPIPE', 'ECONNRESET']);

/**
 * undici's connector (its defaults: 10 s to connect, TLS certificates verified for an https API_URL), with sockets
 * that keep reading after a write failed because the api closed the connection.
 * An api that refuses a body early (413 before the body is in) answers and closes; the body still streaming to it
 * then fails to write (EPIPE), and undici would drop the socket with the answer unread in it (the client got 502).
 * Here such a write counts as done (the api wants no more of the body) and the socket reads on: the api's answer
 * arrives as it was sent, and without one the read side fails (end or reset) and the request fails as before.
 */
export function answerReadingConnector(options = {}) {
  const connect = buildConnector(options);
  return (target, callback) =>
    connect(target, (error, socket) => {
      if (socket) readOnAfterPeerClosed(socket);
      callback(error, socket);
    });
}

function readOnAfterPeerClosed(socket) {
  const dropPeerGone = (callback) => (error) => callback(error && PEER_GONE.has(error.code) ? null : error);
  const write = socket._write;
  const writev = socket._writev;
  socket._write = function (chunk, encoding, callback) {
    return write.call(this, chunk, encoding, dropPeerGone(callback));
  };
  if (writev) {
    socket._writev = function (chunks, callback) {
      return writev.call(this, chunks, dropPeerGone(callback));
    };
  }
}

/** The BodyTooLargeError behind a failed upstream request (reply-from wraps the transport's error as `cause`). */
function bodyTooLarge(error) {
  for (let e = error, depth = 0; e && depth < 5; e = e.cause, depth++) if (e instanceof BodyTooLargeError) return e;
  return null;
}

/** Reads and drops what is left of a request body after its answer, for at most LINGER_MS (see there). */
function lingerOnUnreadBody(raw) {
  if (raw.complete || raw.destroyed) return;
  // An injected request (light-my-request, in tests) has a stand-in socket without destroy: nothing to close.
  const timer = setTimeout(() => {
    if (typeof raw.socket?.destroy === 'function') raw.socket.destroy();
  }, LINGER_MS);
  timer.unref();
  const done = () => clearTimeout(timer);
  raw.once('end', done);
  raw.once('close', done);
  raw.resume();
}

/** @param {import('fastify').FastifyInstance} app @param {{ upstream: string }} options */
export async function apiProxy(app, { upstream }) {
  const balancer = createBalancer(parseUpstreams(upstream));
  const several = balancer.upstreams.length > 1;

  // Refused from its Content-Length, before a byte of the body is read (any method).
  app.addHook('onRequest', async (request, reply) => {
    const limit = bodyLimitOf(request.method, request.url);
    if (Number(request.headers['content-length']) > limit) return reply.code(413).send(tooLargeBody(limit));
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) =>
    done(null, new LimitedBody(payload, bodyLimitOf(request.method, request.url))),
  );
  app.setErrorHandler((error, _request, reply) => {
    const status = error.statusCode === 413 ? 413 : 400;
    const slug = status === 413 ? 'payload-too-large' : 'bad-request';
    reply.code(status).send({ message: error.message, slug });
  });
  // An answer sent while the client is still sending: the connection stays usable once the rest of the body has
  // been read and dropped (reply-from would mark it `Connection: close`, and Node then closes at once — see
  // LINGER_MS for why that can cost the client the answer); lingerOnUnreadBody bounds how long that takes.
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) reply.removeHeader('connection');
  });
  app.addHook('onResponse', async (request) => lingerOnUnreadBody(request.raw));

  await app.register(httpProxy, {
    // With several instances each request's instance comes from getUpstream (an upstream here would pin them all).
    upstream: several ? '' : balancer.upstreams[0],
    // undici (reply-from's default transport with these options) reads each attempt's target from `req.url`.
    undici: { connections: 128, pipelining: 1, connect: answerReadingConnector() },
    prefix: '/api',
    rewritePrefix: '/api',
    proxyPayloads: false,
    replyOptions: {
      ...(several ? { getUpstream: () => balancer.pick() } : {}),
      retryDelay: retryPolicy(balancer),
      rewriteRequestHeaders(request, headers) {
        // The client's own forwarding headers are dropped, never passed on: the api trusts X-Forwarded-For from the
        // portal server (it rate-limits per client address), so it must name the address this request came from.
        // `Expect: 100-continue` (curl sends it with larger bodies) was answered here already, by Node; undici
        // refuses to send the header at all (the request would fail with 502).
        const { forwarded: _forwarded, 'x-real-ip': _realIp, expect: _expect, ...rest } = headers;
        return {
          ...rest,
          'x-forwarded-for': request.socket.remoteAddress ?? '',
          'x-forwarded-host': request.headers.host ?? '',
          'x-forwarded-proto': 'http',
        };
      },
      // The api's hop-by-hop headers are about its connection to the portal server, not the client's connection.
      rewriteHeaders(headers) {
        const { connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
        return rest;
      },
      onError(reply, { error }) {
        const tooLarge = bodyTooLarge(error);
        if (tooLarge) return reply.code(413).send(tooLargeBody(tooLarge.limit));
        const reason = error?.cause?.code ?? error?.code ?? error?.message ?? 'unknown';
        reply.code(502).send({ message: `API not reachable: ${reason}`, slug: 'bad-gateway' });
      },
    },
  });
}
