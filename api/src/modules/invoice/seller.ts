// The seller of invoices comes from the configuration (SELLER_* variables, see config.ts and the README).
export { loadSellerConfig, type SellerConfig } from '../../config';
