// The user module's public face: its plugin, the account row creation and lookup (seed, sub-users) and the rules
// its sub-modules share.
export { default } from './routes';
export { findUser, findUserByEmail } from './repository';
export { assertOwnEmail, createUserRow, deleteFirebaseAccount } from './service';
