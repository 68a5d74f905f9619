// DELETE /api/license/registrations/{licenseId}: the seller releases a registered identifier.
export { default } from './routes';
