// POST /api/license/check: what plugins in sellers' shops call. Public; the key is the credential.
export { default } from './routes';
export { isRegistered } from './license-check-rule';
export { normalizeKey } from './repository';
