import { fetchPortalConfig } from './config/portal-config';
import { forbidZodEval } from './zod-without-eval';

// Before any zod schema exists, in the shell or a remote.
forbidZodEval();

// The runtime config loads while the federation runtime fetches the shared modules and the bootstrap chunk, not after
// them (one round trip less before the first render); boot() reports a failure.
const portalConfig = fetchPortalConfig();
portalConfig.catch(() => undefined);

// Async boundary so the federation runtime can negotiate shared singletons before any of them is used.
void import('./bootstrap').then(({ boot }) => boot(document.getElementById('root')!, portalConfig));
