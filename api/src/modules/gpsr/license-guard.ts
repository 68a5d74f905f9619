import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { currentUser, ownerIdFor } from '../../plugins/identity';
import { ownerHasValidLicense } from '../license';

/** The account whose records the caller works on (a sub-user works on the parent's). */
export const gpsrOwner = (request: FastifyRequest) => ownerIdFor(currentUser(request));

/** Every GPSR route needs a valid gpsr license of the account (a sub-user's: the parent's), enforced here, not only in the UI. */
export function requireGpsrLicense(db: Db) {
  return async (request: FastifyRequest) => {
    if (!(await ownerHasValidLicense(db, gpsrOwner(request), 'gpsr'))) {
      throw new HttpError(
        403,
        'license-required',
        'You need a valid license to access this feature. Please purchase a license for gpsr.',
      );
    }
  };
}
