import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import fp from 'fastify-plugin';
import type { HelmetOptions } from 'helmet';

// helmet itself, the very version @fastify/helmet runs (the api depends on @fastify/helmet, which depends on helmet).
const helmet = createRequire(require.resolve('@fastify/helmet'))('helmet') as typeof import('helmet').default;

/** helmet's defaults as the api's answers and pages share them: no framing, no COOP. */
const PAGE_HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginResourcePolicy: { policy: 'same-site' },
  // The payment pages open in the portal's payment window, which first shows the provider's site (another origin):
  // under COOP the portal would lose its handle on the window (see scripts/portal-server/app.mjs).
  crossOriginOpenerPolicy: false,
} satisfies HelmetOptions;

/**
 * A JSON api: nothing on its responses may be framed, sniffed or run as a page (the docs and the payment pages set
 * their own CSP).
 */
export const API_HELMET_OPTIONS: HelmetOptions = {
  ...PAGE_HELMET_OPTIONS,
  // Only a browser showing a page reads these (the OWASP REST Security Cheat Sheet names them for HTML responses);
  // each costs every JSON response its bytes. The api's own pages add them: DOCUMENT_HEADERS.
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xXssProtection: false,
};

/**
 * The headers helmet sets with `options` (names in lower case), computed once: without a CSP directive that is a
 * function of the request (a nonce), helmet sets the same headers on every response. Such a directive is refused.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const csp = options.contentSecurityPolicy;
  const directives = csp && typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  if (directives.some((value) => value && typeof value === 'object' && [...value].some((v) => typeof v !== 'string'))) {
    throw new Error('security headers: a CSP directive computed per request is not supported');
  }
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => (failure = err));
  if (failure) throw failure;
  return headers;
}

/** What helmet sets on a page beyond API_HELMET_OPTIONS: for the HTML the api serves (payment pages, the docs). */
export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = (() => {
  const api = helmetHeaders(API_HELMET_OPTIONS);
  const page = helmetHeaders(PAGE_HELMET_OPTIONS);
  return Object.freeze(Object.fromEntries(Object.entries(page).filter(([name]) => !(name in api))));
})();

/**
 * helmet's headers on every response, errors and 404s included; a route may still set its own (the docs' and the
 * payment pages' CSP). @fastify/helmet builds helmet's middleware again for each request (and parses the CSP
 * directives); these are computed once at start and go into the reply's headers with one call.
 */
export default fp(
  async (app, opts: { options?: HelmetOptions } = {}) => {
    const headers = helmetHeaders(opts.options ?? API_HELMET_OPTIONS);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
