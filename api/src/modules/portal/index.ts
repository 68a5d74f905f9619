export { portalRoutes } from './routes';
export type { LicensedPlugins } from './registry';
export {
  deleteEntryRow,
  findEntry,
  insertEntry,
  listEntryRoutes,
  listRegistryRows,
  lockRegistry,
  updateEntryRow,
  type RegistryEntryValues,
} from './repository';
export {
  findReleaseRow,
  insertReleaseRow,
  listReleaseRows,
  setLiveRelease,
  setPreviewRelease,
} from './releases-repository';
