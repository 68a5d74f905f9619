// /api and /api/* to the one api target (@fastify/http-proxy); the client never chooses the host.
import { Readable } from 'node:stream';
import httpProxy from '@fastify/http-proxy';

// Request bodies are read in full before they are forwarded: an api that refuses a body early (413) closes the
// connection, and a body still streaming through would turn that answer into a reset (502 EPIPE).
const BODY_LIMIT = 64 * 1024 * 1024;

/** @param {import('fastify').FastifyInstance} app @param {{ upstream: string }} options */
export async function apiProxy(app, { upstream }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, Readable.from([body])),
  );
  app.setErrorHandler((error, _request, reply) => {
    const status = error.statusCode === 413 ? 413 : 400;
    const slug = status === 413 ? 'payload-too-large' : 'bad-request';
    reply.code(status).send({ message: error.message, slug });
  });

  await app.register(httpProxy, {
    upstream,
    prefix: '/api',
    rewritePrefix: '/api',
    proxyPayloads: false,
    replyOptions: {
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
