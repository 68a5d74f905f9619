// The seller of invoices comes from the configuration (SELLER_* variables, see config.ts and the README).
export { DEMO_SELLER, loadSellerConfig, SELLER_ENV_KEYS, type SellerConfig } from '../../config';
