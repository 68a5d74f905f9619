// The license module's public face for other modules: its plugin and the one validity query.
export { default } from './routes';
export { ownerHasValidLicense, validLicenseSql } from './repository';
