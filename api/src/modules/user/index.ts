// The user module's public face: its plugin, the account row creation (seed, sub-users) and the rules its
// sub-modules share.
export { default } from './routes';
export { assertOwnEmail, createUserRow, deleteFirebaseAccount } from './service';
