export { default } from './routes';
export { findProfile, loadContact } from './repository';
