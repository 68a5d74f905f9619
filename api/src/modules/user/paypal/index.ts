export { default } from './routes';
export { loadPaypalCredentials } from './repository';
