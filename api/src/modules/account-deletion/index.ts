// Deleting an account (DELETE /api/user): its plugin. It stands above the modules it erases from.
export { default } from './routes';
