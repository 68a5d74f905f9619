export { default } from './routes';
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
