// The user module's public face: its plugin, the account row creation and lookup (seed, sub-users), the rules its
// sub-modules share, and the account's rows that an account deletion locks and removes (this module alone writes
// users, profiles and contact_requests).
export { default } from './routes';
export {
  deleteAccountRows,
  deleteSubUserRows,
  findUser,
  findUserByEmail,
  listSubUserIds,
  lockAccount,
  setAvvAcceptance,
} from './repository';
export { assertOwnEmail, createUserRow, deleteFirebaseAccount } from './service';
