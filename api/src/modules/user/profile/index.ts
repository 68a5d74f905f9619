export { default } from './routes';
export { findProfile, loadContact } from './repository';
export { loadContactWithVatCheck, VAT_CHECK_REUSE_MS, type VatCheckDeps } from './vat-verification';
