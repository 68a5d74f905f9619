import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/**
 * The client address a request counts against before anything it says is verified: request.ip, the peer's address,
 * or with a peer of TRUSTED_PROXIES (the portal server) the client it names in X-Forwarded-For. An IPv6 client
 * counts by its /64 network: one client holds a whole /64 and could otherwise take a new address per request.
 */
export function addressKey(request: FastifyRequest): string {
  // A request whose socket is gone already has no address left; it counts with the others like it.
  return `ip:${request.ip ? normalizeIP(request.ip) : 'unknown'}`;
}

/**
 * The verified user of a request (set by authentication), else its client address. Never a claim of an unverified
 * token: that would let anyone spend another user's allowance, or dodge their own with a made-up uid per request.
 */
export function verifiedCallerKey(request: FastifyRequest): string {
  return request.identity ? `uid:${request.identity.uid}` : addressKey(request);
}
