import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** What @fastify/cors allows a preflight by default (the api never widened it). */
const PREFLIGHT_METHODS = 'GET,HEAD,POST';

/** Adds `name` to the Vary header (set before this runs only by a hook registered earlier; none is today). */
function vary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  if (current === undefined) {
    reply.header('vary', name);
    return;
  }
  const names = String(current)
    .split(',')
    .map((n) => n.trim().toLowerCase());
  if (!names.includes('*') && !names.includes(name.toLowerCase())) reply.header('vary', `${String(current)}, ${name}`);
}

/**
 * CORS for a list of exact origins, without credentials: what @fastify/cors did with `{ origin: origins, credentials:
 * false }` (a test compares the two), in one callback hook. @fastify/cors copied its options, built a closure and
 * parsed the Vary header on every request; most requests have no Origin at all (same origin, server to server).
 *
 * - Every answer varies by Origin; an allowed Origin gets Access-Control-Allow-Origin, any other none.
 * - A preflight (OPTIONS) is answered at once: 400 without an Origin or Access-Control-Request-Method; else 204 with
 *   the allowed methods and the requested headers (and no Allow-Origin for an Origin not on the list).
 */
export default fp(
  async (app, opts: { origins: readonly string[] }) => {
    const allowed = new Set(opts.origins);
    app.addHook('onRequest', (request, reply, done) => {
      const origin = request.headers.origin;
      vary(reply, 'Origin');
      if (origin !== undefined && allowed.has(origin)) reply.header('access-control-allow-origin', origin);
      if (request.raw.method !== 'OPTIONS') {
        done();
        return;
      }
      if (!origin || !request.headers['access-control-request-method']) {
        void reply.code(400).type('text/plain').send('Invalid Preflight Request');
        return;
      }
      reply.header('access-control-allow-methods', PREFLIGHT_METHODS);
      vary(reply, 'Access-Control-Request-Headers');
      const requested = request.headers['access-control-request-headers'];
      if (requested !== undefined) reply.header('access-control-allow-headers', requested);
      void reply.code(204).header('content-length', '0').send();
    });
    // Routes every OPTIONS request (the hook above answers it), as @fastify/cors did.
    app.options('*', { schema: { hide: true } }, (_request, reply) => reply.callNotFound());
  },
  { name: 'cors' },
);
