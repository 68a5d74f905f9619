// The license module's public face for other modules and the seed: its plugin, the validity query and the demo
// licenses.
export { default } from './routes';
export { lockOwnerRow, ownerHasValidLicense, validLicenseSql } from './repository';
export { seedDemoLicenses } from './demo-licenses';
export { issueLicense } from './activation';
