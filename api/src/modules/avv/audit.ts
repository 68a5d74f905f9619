import type { AvvVersion } from '@portal/shared/domain';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from './repository';
import type { StaffActor } from './service';

/**
 * Records an AVV publish in the staff audit log (entry id `avv:<version>`, action create, after = the version
 * without its texts). TEMPORARY: the staff audit table and `recordAudit` of the staff module (helper
 * `registry`) have not landed yet; until then the publish is logged and the version row itself keeps who and
 * when (published_by, published_at). Switch to `recordAudit(tx, …)` when it lands (see coord/NOTES-avv.md).
 */
export async function recordPublishAudit(
  app: FastifyInstance,
  _tx: DbOrTx,
  actor: StaffActor,
  version: AvvVersion,
): Promise<void> {
  app.log.info(
    { audit: { actorId: actor.uid, actorEmail: actor.email, action: 'create', entryId: `avv:${version.version}` } },
    'AVV version published',
  );
}
