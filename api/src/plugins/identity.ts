import crypto from 'node:crypto';
import http from 'node:http';
import { isSubUser } from '@portal/shared/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { AppConfig } from '../config';
import { users, type UserRow } from '../db/schema';
import { HttpError } from '../lib/http-error';

export interface Identity {
  uid: string;
  /** The token's email exactly as the identity provider stores it (not trimmed, not case folded). */
  email: string;
  emailVerified: boolean;
  /** Seconds since epoch. */
  issuedAt: number;
  expiresAt: number;
  authTime: number;
}

export type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    firebaseAuth: Auth;
    /** Requires a valid Bearer ID token; sets request.identity. */
    authenticate: PreHandler;
    /** Verifies a Bearer token when one is sent; anonymous requests pass with identity null. */
    optionalAuth: PreHandler;
    /** authenticate + loads the caller's api row into request.apiUser (404 when missing, 403 when inactive). */
    requireUser: PreHandler;
    /**
     * authenticate + the caller is staff: one of INTERNAL_EMAILS with a verified email, read from the identity
     * provider's account record (not the token's claims, which the Auth emulator does not sign). 403 otherwise.
     */
    requireStaff: PreHandler;
    /** One of INTERNAL_EMAILS, and only with a verified email (an unverified claim proves nothing). */
    isInternal(identity: Pick<Identity, 'email' | 'emailVerified'> | null | undefined): boolean;
  }
  interface FastifyRequest {
    identity: Identity | null;
    apiUser: UserRow | null;
    /** After requireStaff: the staff address as the account record has it (the one the check matched). */
    staffEmail: string | null;
  }
}

export const invalidToken = () => new HttpError(401, 'unable-to-verify-jwt', 'Token is invalid. Re-login again');

/** The user whose data a caller works on: the parent for a sub-user, else the caller. */
export function ownerIdFor(user: Pick<UserRow, 'id' | 'parentUserId'>): string {
  return user.parentUserId ?? user.id;
}

/** Stops a sub-user from an action reserved to the main user. `action` completes "Only the parent user can …". */
export function forbidSubUser(user: Pick<UserRow, 'parentUserId'>, action: string): void {
  if (isSubUser(user)) throw new HttpError(403, 'forbidden-for-subuser', `Only the parent user can ${action}`);
}

/** The api row of an authenticated request (use after requireUser). */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.apiUser) throw new Error('requireUser must run before this handler');
  return request.apiUser;
}

export function currentIdentity(request: FastifyRequest): Identity {
  if (!request.identity) throw new Error('authenticate must run before this handler');
  return request.identity;
}

/**
 * Identities of verified tokens until the tokens expire, so a token is verified once, not on every request.
 * Verifying costs a signature check, and with the Auth emulator a round trip to it (firebase-admin then also
 * asks whether the account was disabled). Revocation is not checked per request in production either.
 */
export function verifiedTokenCache(maxEntries = 5000, now = () => Date.now()) {
  const entries = new Map<string, Identity>();
  return {
    get(token: string): Identity | undefined {
      const identity = entries.get(token);
      if (identity && identity.expiresAt * 1000 <= now()) {
        entries.delete(token);
        return undefined;
      }
      return identity;
    },
    set(token: string, identity: Identity): void {
      // Oldest first: a Map iterates in insertion order.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(token, Object.freeze(identity));
    },
  };
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  return m ? m[1].trim() : '';
}

export default fp(
  async (app, opts: { config: AppConfig }) => {
    const { firebase } = opts.config;
    if (firebase.authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = firebase.authEmulatorHost;
    const firebaseApp: App = initializeApp(
      {
        projectId: firebase.projectId,
        // Emulator calls are plain local HTTP: no keep-alive sockets that outlive app.close().
        ...(firebase.authEmulatorHost ? { httpAgent: new http.Agent({ keepAlive: false }) } : {}),
      },
      `portal-api-${crypto.randomUUID()}`,
    );
    const auth = getAuth(firebaseApp);
    app.decorate('firebaseAuth', auth);
    app.addHook('onClose', async () => deleteApp(firebaseApp));

    // The configured addresses are normalised once (config.ts); the provider's address must equal one of them
    // exactly. Trimming or case folding it would make a look-alike account ("staff@portal.test " with a trailing
    // space, tab or no-break space, or a Unicode character that lower-cases to ASCII) staff.
    const internal = new Set(opts.config.internalEmails);
    app.decorate(
      'isInternal',
      (identity: Pick<Identity, 'email' | 'emailVerified'> | null | undefined) =>
        !!identity?.email && identity.emailVerified === true && internal.has(identity.email),
    );

    app.decorateRequest('identity', null);
    app.decorateRequest('apiUser', null);
    app.decorateRequest('staffEmail', null);

    // Keyed by the Authorization header as sent (it names one token): a known header is not parsed again.
    const verified = verifiedTokenCache();

    /** The identity of a header verified before (until its token expires). */
    function knownIdentity(request: FastifyRequest): boolean {
      const header = request.headers.authorization;
      const known = header ? verified.get(header) : undefined;
      if (known) request.identity = known;
      return !!known;
    }

    async function verify(request: FastifyRequest, token: string): Promise<void> {
      if (!token) throw invalidToken();
      try {
        const decoded = await auth.verifyIdToken(token);
        const identity: Identity = {
          uid: decoded.uid,
          // As the provider stores it: an address with surrounding blanks stays one, never the clean address.
          email: decoded.email ?? '',
          emailVerified: decoded.email_verified === true,
          issuedAt: decoded.iat,
          expiresAt: decoded.exp,
          authTime: decoded.auth_time,
        };
        verified.set(request.headers.authorization!, identity);
        request.identity = identity;
      } catch (err) {
        request.log.info({ reason: (err as { code?: string }).code ?? 'unknown' }, 'token rejected');
        throw invalidToken();
      }
    }

    /** Verifies the bearer token of a header not known yet (401 without one). */
    async function verifyBearer(request: FastifyRequest): Promise<void> {
      const token = bearer(request);
      if (token === null) throw invalidToken();
      await verify(request, token);
    }

    const authenticate: PreHandler = async (request) => {
      if (!knownIdentity(request)) await verifyBearer(request);
    };

    const optionalAuth: PreHandler = async (request) => {
      if (knownIdentity(request)) return;
      const token = bearer(request);
      if (token === null) return;
      await verify(request, token);
    };

    // Read on every authenticated request (an inactive or removed account is refused at once): prepared once, and
    // kept in the per-user read cache until a change of the row notifies it (plugins/owner-cache).
    const userById = app.db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1)
      .prepare('require_user_by_id');

    const requireUser: PreHandler = async (request) => {
      if (!knownIdentity(request)) await verifyBearer(request);
      const uid = currentIdentity(request).uid;
      // A missing row is not kept: the account may be created the next moment.
      const row = await app.ownerCache.read(
        uid,
        'user',
        async () => (await userById.execute({ id: uid }))[0] ?? null,
        (found) => (found ? Infinity : 0),
      );
      if (!row) throw new HttpError(404, 'user-not-found', 'User not found');
      if (!row.isActive) {
        throw new HttpError(403, 'account-inactive', 'Your account is inactive. Contact your administrator');
      }
      request.apiUser = row;
    };

    const requireStaff: PreHandler = async (request, reply) => {
      await authenticate(request, reply);
      const record = await auth.getUser(currentIdentity(request).uid).catch(() => null);
      const staff = !!record && app.isInternal({ email: record.email ?? '', emailVerified: record.emailVerified });
      if (!staff) throw new HttpError(403, 'forbidden-staff-only', 'Only portal staff can use the staff console');
      // The audit log names the address that was checked, not the token's claim (unsigned with the emulator).
      request.staffEmail = record.email ?? null;
    };

    app.decorate('authenticate', authenticate);
    app.decorate('requireStaff', requireStaff);
    app.decorate('optionalAuth', optionalAuth);
    app.decorate('requireUser', requireUser);
  },
  { name: 'identity', dependencies: ['db', 'owner-cache'] },
);
