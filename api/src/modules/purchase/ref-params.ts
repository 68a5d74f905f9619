import { z } from 'zod';

/** The payment reference in the sandbox's page routes (`/sandbox/:ref/...`). */
export const refParams = z.object({ ref: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'ref is invalid') });

/** The schema of a sandbox page route: an HTML page (or form post) without a bearer token, the ref its capability. */
export const pageSchema = (summary: string) => ({
  tags: ['payment'],
  summary,
  security: [],
  params: refParams,
  produces: ['text/html'],
});

// The query of PayPal's return pages (token = order id); PayPal also appends PayerID and ba_token, which the strict
// query guard would refuse undeclared.
export const paypalReturnQuery = z.object({
  token: z.string().max(64).optional(),
  cancelled: z.string().max(64).optional(),
  PayerID: z.string().max(64).optional(),
  ba_token: z.string().max(128).optional(),
});

/** The query of PayPal's return pages that may name a subscription: a purchase's and a plan change's. */
export const paypalSubscriptionReturnQuery = paypalReturnQuery.extend({
  subscription_id: z.string().max(64).optional(),
});

/** The schema of a PayPal return page: an HTML page without a bearer token; PayPal's query says what happened. */
export const paypalReturnPageSchema = <Q extends typeof paypalReturnQuery | typeof paypalSubscriptionReturnQuery>(
  summary: string,
  querystring: Q,
) => ({ tags: ['payment'], summary, security: [], querystring, produces: ['text/html'] });
