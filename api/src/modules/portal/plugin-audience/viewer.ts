import { normalizeEmail } from '@portal/shared/domain';
import type { FastifyRequest } from 'fastify';
import type { Auth } from 'firebase-admin/auth';
import type { RegistryEntryRow } from '../../../db/schema';
import type { Identity } from '../../../plugins/identity';

/** Who asks: nobody, or an account with its verified email (null when not verified). */
export interface RegistryViewer {
  staff: boolean;
  /** The email as the identity service stores it, when verified there; else null. */
  verifiedEmail: string | null;
}

export const ANONYMOUS: RegistryViewer = { staff: false, verifiedEmail: null };

/** What telling a viewer uses: the identity service and the identity plugin's rule (an internal email, verified). */
export interface ViewerDeps {
  firebaseAuth: Pick<Auth, 'getUser'>;
  isInternal: (identity: Pick<Identity, 'email' | 'emailVerified'>) => boolean;
}

/**
 * THE audience rule: whether an entry's card is meant for a viewer, who then sees the card and may buy its plugin.
 * 'all': everybody; 'internal': staff; 'sellers': staff and the listed verified emails. Using a plugin is not decided
 * here: a valid license of it opens its page whatever the audience.
 */
export function canSee(row: Pick<RegistryEntryRow, 'audience'>, viewer: RegistryViewer): boolean {
  const audience = row.audience;
  if (audience.kind === 'all') return true;
  if (viewer.staff) return true;
  if (audience.kind === 'internal') return false;
  return !!viewer.verifiedEmail && audience.emails.some((e) => normalizeEmail(e) === viewer.verifiedEmail);
}

/**
 * The viewer an account is, read from its identity record (the token's claims decide nothing alone: the Auth
 * emulator does not sign tokens); kept a few seconds per account. An account the service cannot tell is anonymous.
 */
export function accountViewers(deps: ViewerDeps, ttlMs = 5000) {
  const cache = new Map<string, { at: number; viewer: RegistryViewer }>();
  return async function viewerOfAccount(uid: string): Promise<RegistryViewer> {
    const hit = cache.get(uid);
    if (hit && Date.now() - hit.at < ttlMs) return hit.viewer;
    const record = await deps.firebaseAuth.getUser(uid).catch(() => null);
    // The address exactly as the provider stores it: trimming it would let "seller@x.de " pass as seller@x.de.
    const email = record?.email && record.emailVerified ? record.email : null;
    const viewer: RegistryViewer = {
      staff: !!email && deps.isInternal({ email, emailVerified: true }),
      verifiedEmail: email,
    };
    if (cache.size > 5000) cache.clear();
    cache.set(uid, { at: Date.now(), viewer });
    return viewer;
  };
}

/**
 * The viewer of a request after optionalAuth: anonymous without a token, or when nothing depends on who it is
 * (`needed` false) or the token claims no verified email; else the account's record decides (accountViewers).
 */
export function viewerResolver(deps: ViewerDeps, ttlMs = 5000) {
  const viewerOfAccount = accountViewers(deps, ttlMs);
  return async function viewerOf(request: FastifyRequest, needed: boolean): Promise<RegistryViewer> {
    const identity = request.identity;
    if (!identity || !needed || !identity.emailVerified || !identity.email) return ANONYMOUS;
    return viewerOfAccount(identity.uid);
  };
}
