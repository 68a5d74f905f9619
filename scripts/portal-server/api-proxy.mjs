// /api and /api/* to the api (@fastify/http-proxy); the client never chooses the host. API_URL may name several api
// instances (comma list): requests go round-robin over them, an instance that refused a connection is skipped for a
// few seconds, and a request that could not even connect (ECONNREFUSED: an instance restarting) goes to another
// instance — safe for any method, since nothing reached the api. A GET cut off mid-way is sent once more too.
import { Readable } from 'node:stream';
import httpProxy from '@fastify/http-proxy';

// Request bodies are read in full before they are forwarded: an api that refuses a body early (413) closes the
// connection, and a body still streaming through would turn that answer into a reset (502 EPIPE).
const BODY_LIMIT = 64 * 1024 * 1024;

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
/** The bytes behind a forwarded body stream (a retry sends them again). */
const BYTES = Symbol('bytes');
const bodyStream = (bytes) => Object.assign(Readable.from([bytes]), { [BYTES]: bytes });

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
 * default, as before. With several: once per other instance, to another instance (`req.url` is what reply-from
 * sends the next attempt to).
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
    req.url = new URL(`${req.url.pathname}${req.url.search}`, balancer.pick(failed));
    // The failed attempt destroyed the body stream: the next one gets a fresh stream over the same bytes.
    if (req.body?.[BYTES]) req.body = bodyStream(req.body[BYTES]);
    return 1;
  };
}

/** @param {import('fastify').FastifyInstance} app @param {{ upstream: string }} options */
export async function apiProxy(app, { upstream }) {
  const balancer = createBalancer(parseUpstreams(upstream));
  const several = balancer.upstreams.length > 1;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, bodyStream(body)),
  );
  app.setErrorHandler((error, _request, reply) => {
    const status = error.statusCode === 413 ? 413 : 400;
    const slug = status === 413 ? 'payload-too-large' : 'bad-request';
    reply.code(status).send({ message: error.message, slug });
  });

  await app.register(httpProxy, {
    // With several instances each request's instance comes from getUpstream (an upstream here would pin them all).
    upstream: several ? '' : balancer.upstreams[0],
    // undici (reply-from's default transport with these options) reads each attempt's target from `req.url`.
    ...(several ? { undici: { connections: 128, pipelining: 1 } } : {}),
    prefix: '/api',
    rewritePrefix: '/api',
    proxyPayloads: false,
    replyOptions: {
      ...(several ? { getUpstream: () => balancer.pick() } : {}),
      retryDelay: retryPolicy(balancer),
      rewriteRequestHeaders(request, headers) {
        const remote = request.socket.remoteAddress ?? '';
        const forwardedFor = request.headers['x-forwarded-for'];
        return {
          ...headers,
          'x-forwarded-for': forwardedFor ? `${forwardedFor}, ${remote}` : remote,
          'x-forwarded-host': request.headers.host ?? '',
          'x-forwarded-proto': 'http',
        };
      },
      onError(reply, { error }) {
        const reason = error?.cause?.code ?? error?.code ?? error?.message ?? 'unknown';
        reply.code(502).send({ message: `API not reachable: ${reason}`, slug: 'bad-gateway' });
      },
    },
  });
}
