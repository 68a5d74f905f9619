export { default } from './routes';
export { actorOf, recordAudit, type AuditActor, type AuditInput } from './service';
