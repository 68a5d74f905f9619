// The sign-in pages' entry, built without module federation (shared/webpack/preset.js, signInConfig): what index.html
// loads for a visitor the session hint does not call signed in, on any address.
import { fetchPortalConfig } from '../config/portal-config';
import { forbidZodEval } from '../zod-without-eval';

forbidZodEval();

const portalConfig = fetchPortalConfig();
portalConfig.catch(() => undefined);

void import('./boot').then(({ boot }) => boot(document.getElementById('root')!, portalConfig));
