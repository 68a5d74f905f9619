import { config } from 'zod/v4/core';
import { fetchPortalConfig } from './config/portal-config';

// The portal's CSP forbids eval. Without this, zod probes `new Function` once to decide whether to compile its object
// parsers, and Chrome reports the swallowed probe as a CSP violation (Lighthouse best practices). Set before any
// schema is created; zod keeps the setting on globalThis, so the remotes' copies follow it.
config({ jitless: true });

// The runtime config loads while the federation runtime fetches the shared modules and the bootstrap chunk, not after
// them (one round trip less before the first render); boot() reports a failure.
const portalConfig = fetchPortalConfig();
portalConfig.catch(() => undefined);

// Async boundary so the federation runtime can negotiate shared singletons before any of them is used.
void import('./bootstrap').then(({ boot }) => boot(document.getElementById('root')!, portalConfig));
