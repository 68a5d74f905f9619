import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text already written in the route's response schema (the database's or the read cache's, tested against
 * the schema): a string, or its UTF-8 bytes, with a JSON content type skips serialization.
 */
export const sendJson = (reply: FastifyReply, body: string | Buffer) =>
  reply.type('application/json; charset=utf-8').send(body);
