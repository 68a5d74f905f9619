import type { FastifyRequest } from 'fastify';

/**
 * Who a request counts against for rate limits, known before the token is verified (limits run first, so
 * that a flood never reaches token checks, the database or a mail server): the uid claim of a bearer token, else
 * the client address. A forged claim only moves the forger's requests to another counter; they still fail at
 * verification, before any work a limit protects.
 */
export function callerKey(request: FastifyRequest): string {
  const uid = tokenUid(request.headers.authorization);
  return uid ? `uid:${uid}` : `ip:${request.ip}`;
}

function tokenUid(header: string | undefined): string | null {
  const m = header ? /^Bearer\s+[A-Za-z0-9_-]+\.([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]*$/i.exec(header.trim()) : null;
  if (!m) return null;
  try {
    const claims = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8')) as { user_id?: unknown; sub?: unknown };
    const uid = typeof claims.user_id === 'string' ? claims.user_id : claims.sub;
    return typeof uid === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(uid) ? uid : null;
  } catch {
    return null;
  }
}
