export { default } from './routes';
export { loadContact } from './repository';
