// Lieferbar: the pending-order counts of the seller's own JTL-Wawi database.
export { default } from './routes';
