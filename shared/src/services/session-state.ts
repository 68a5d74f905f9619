import { isSubUser } from '../domain/user-kind';
import type { Session } from './contract';

/** What the shell knows about a session; the rest of `Session` is derived from it. */
export type SessionFacts = Pick<
  Session,
  'user' | 'apiUser' | 'profile' | 'dataSource' | 'licenses' | 'pendingOverage' | 'failedParts' | 'accountInactive'
>;

/**
 * Initialised once the api user is there and active, the data initialisation filled the profile and no part failed.
 * The shell and the test fakes derive the flags with this one function, so a test cannot use a state the shell
 * never produces.
 */
export function deriveSessionFlags(facts: SessionFacts): Pick<Session, 'isSubUser' | 'initialized'> {
  const { user, apiUser, profile, failedParts, accountInactive } = facts;
  return {
    isSubUser: isSubUser(apiUser),
    initialized: user !== null && apiUser !== null && profile !== null && !accountInactive && failedParts.length === 0,
  };
}
