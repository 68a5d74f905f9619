import type { FastifyPluginAsync } from 'fastify';
import releaseRoutes from './release-routes';
import registryRoutes from './routes';

/** The staff console's api: whoami, the registry, the manifest check and the audit log, and the entries' releases. */
const staffRoutes: FastifyPluginAsync = async (app) => {
  await app.register(registryRoutes);
  await app.register(releaseRoutes);
};

export default staffRoutes;
export { actorOf, recordAudit, type AuditActor, type AuditInput } from './service';
