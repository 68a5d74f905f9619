// The AVV (data-processing agreement): its versions, acceptances and PDF. Its plugins: /api/avv and the acceptance
// routes under /api/user/profile (profile-routes.ts); the seed accepts for the demo accounts through it.
export { default } from './routes';
export { default as avvProfileRoutes } from './profile-routes';
export { currentAcceptance, currentVersion, acceptVersion, toVersion } from './service';
