// The sign-in pages' entry, built without module federation (shared/webpack/preset.js, signInConfig): what index.html
// loads for a visitor who is not signed in on /login, /register or /forgot-password.
import { fetchPortalConfig } from '../config/portal-config';
import { forbidZodEval } from '../zod-without-eval';

forbidZodEval();

const portalConfig = fetchPortalConfig();
portalConfig.catch(() => undefined);

void import('./boot').then(({ boot }) => boot(document.getElementById('root')!, portalConfig));
