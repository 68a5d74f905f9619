export { default } from './routes';
export { listRegistryRows, REGISTRY_LOCK_KEY } from './repository';
