// /api/license/usage: plugins report monthly usage by key; sellers read used / included.
export { default } from './routes';
export { monthlyUsage, recordUsage } from './repository';
