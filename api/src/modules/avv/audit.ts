import type { AvvVersion } from '@portal/shared/domain';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../staff';
import type { DbOrTx } from './repository';
import type { StaffActor } from './service';

/**
 * Records an AVV publish in the staff audit log (entry id `avv:<version>`, action create, after = the version
 * without its texts), in the publish's own transaction.
 */
export async function recordPublishAudit(
  _app: FastifyInstance,
  tx: DbOrTx,
  actor: StaffActor,
  version: AvvVersion,
): Promise<void> {
  const { text: _text, ...after } = version;
  await recordAudit(tx, {
    actor: { id: actor.uid, email: actor.email },
    action: 'create',
    entryId: `avv:${version.version}`,
    before: null,
    after,
  });
}
