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

/** How many Authorization headers tokenUid remembers (a signed-in browser sends the same one for an hour)… */
const REMEMBERED = 1000;
/** … of at most this length (an ID token is about 1 KB): at most a few MB, whatever a client sends. */
const REMEMBERED_LENGTH = 4096;
/** The uid claim (or null) of the Authorization headers seen last: oldest first, as a Map iterates. */
const remembered = new Map<string, string | null>();

/** The uid claim of a bearer token, parsed once per header value (every request of a client sends the same one). */
export function tokenUid(header: string | undefined): string | null {
  if (!header) return null;
  if (header.length > REMEMBERED_LENGTH) return parseTokenUid(header);
  const known = remembered.get(header);
  if (known !== undefined) return known;
  const uid = parseTokenUid(header);
  if (remembered.size >= REMEMBERED) remembered.delete(remembered.keys().next().value as string);
  remembered.set(header, uid);
  return uid;
}

function parseTokenUid(header: string): string | null {
  const m = /^Bearer\s+[A-Za-z0-9_-]+\.([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]*$/i.exec(header.trim());
  if (!m) return null;
  try {
    const claims = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8')) as { user_id?: unknown; sub?: unknown };
    const uid = typeof claims.user_id === 'string' ? claims.user_id : claims.sub;
    return typeof uid === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(uid) ? uid : null;
  } catch {
    return null;
  }
}
