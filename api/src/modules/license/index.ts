// The license module's public face: its plugin, the validity query, and the writes of the licenses table that other
// modules ask for (this module alone writes it): issuing a license, extending or ending it, the demo seeder's
// licenses.
export { default } from './routes';
export {
  accountLicensedPlugins,
  changeLicensePlan,
  deactivateLicenses,
  extendLicense,
  startPaymentGrace,
  findLicenseRow,
  findOwnerLicenseRowByKey,
  lockOwnerRow,
  ownerHasValidLicense,
  upsertLicenseByKey,
  validLicenseSql,
} from './repository';
export { issueLicense } from './activation';
