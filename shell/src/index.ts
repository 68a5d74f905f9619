import { config } from 'zod';

// The portal's CSP forbids eval. Without this, zod probes `new Function` once to decide whether to compile its object
// parsers, and Chrome reports the swallowed probe as a CSP violation (Lighthouse best practices). Set before any
// schema is created; zod keeps the setting on globalThis, so the remotes' copies follow it.
config({ jitless: true });

// Async boundary so the federation runtime can negotiate shared singletons before any of them is used.
import('./bootstrap');
