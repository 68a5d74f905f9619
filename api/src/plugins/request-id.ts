import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a request id travels in: sent by the portal's http client, passed on by the portal server, echoed. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An id taken from a caller: letters, digits and hyphens, at most 64 (a UUID is 36); nothing a log could trip on. */
const SAFE_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * Fastify's genReqId: the caller's X-Request-Id when it is a safe id, else a fresh UUID. Fastify's own
 * `requestIdHeader` would take any header value as it is (spaces, quotes, a kilobyte of text into every log line),
 * so the header is read and checked here instead.
 */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SAFE_ID.test(sent) ? sent : crypto.randomUUID();
}

/**
 * Every answer names its request's id in X-Request-Id (also 404s and 429s, which no route handles): the id every log
 * line of the request carries as `reqId`, so a seller's support code finds them.
 */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
