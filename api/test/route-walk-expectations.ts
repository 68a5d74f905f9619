// What each caller gets from each api route in the route walk (route-walk.test.ts). The walk sends every route
// once per caller with an empty JSON body (`{}` on POST/PUT, none on GET/DELETE) and the owner's identifiers in the
// path where a parameter names one (license key, plugin); other parameters get a value that names nothing.
//
// A NEW ROUTE FAILS THE WALK UNTIL IT IS DECLARED HERE. The failure message prints what the walk observed, in this
// file's format; check every figure against what the route should do before copying it (a 200 for another seller
// on someone else's data is a leak, not an expectation).
//
// Columns: [anonymous, owner, other seller, sub-user of the owner, staff]. A number is the exact status; 'ok' is
// any 2xx; 'handled' is any answer from the route's own logic: not 401/403, not 5xx (for routes whose answer to
// an empty body depends on state, e.g. a rate limit or a record the walk itself deleted).

import { SELLER_CONTACT } from '../../scripts/seller-contact.cjs';

export const CALLERS = ['anonymous', 'owner', 'other', 'subuser', 'staff'] as const;
export type Caller = (typeof CALLERS)[number];
export type Outcome = number | 'ok' | 'handled';

export function matches(outcome: Outcome, status: number | undefined): boolean {
  if (status === undefined) return false;
  if (outcome === 'ok') return status >= 200 && status < 300;
  if (outcome === 'handled') return status < 500 && status !== 401 && status !== 403;
  return status === outcome;
}

export const describeOutcome = (outcome: Outcome) =>
  outcome === 'ok' ? 'a 2xx' : outcome === 'handled' ? 'an answer of the route (not 401/403/5xx)' : String(outcome);

type Row = readonly [anonymous: Outcome, owner: Outcome, other: Outcome, subuser: Outcome, staff: Outcome];

/** The caller, for requests that name it (an email of their own …). */
export interface WalkContext {
  email: string;
  uid: string;
  /** A marker unique to this walk. */
  mark: string;
}
type Value<T> = T | ((ctx: WalkContext) => T);

/** A route whose empty request would only meet validation gets a valid one, so the access checks behind it run. */
interface WithRequest {
  expect: Row;
  query?: Value<Record<string, string>>;
  body?: Value<unknown>;
}

const CONTACT = { ...SELLER_CONTACT, firstName: 'Walk', lastName: 'Caller', companyName: 'Walk Versand GmbH' };

export const ROUTE_EXPECTATIONS: Record<string, Row | WithRequest> = {
  // [anonymous, owner, other seller, sub-user, staff]
  'GET /api/health': [200, 200, 200, 200, 200],
  'GET /api/portal/registry': [200, 200, 200, 200, 200],
  'GET /api/portal/remote-origins': [200, 200, 200, 200, 200],

  // Staff console: access is decided before the body is read (onRequest), so an empty body is a 400
  // for staff only. Not walked with valid bodies: they would change the registry every other route relies on.
  'GET /api/staff/whoami': [401, 200, 200, 200, 200],
  'GET /api/staff/registry': [401, 403, 403, 403, 200],
  'POST /api/staff/registry': [401, 403, 403, 403, 400],
  'PUT /api/staff/registry/:id': [401, 403, 403, 403, 400],
  'DELETE /api/staff/registry/:id': [401, 403, 403, 403, 404],
  'POST /api/staff/registry/check': [401, 403, 403, 403, 400],
  // An entry's releases: the walk's entry id names no entry (and the release steps load no manifest for it).
  'GET /api/staff/registry/:id/releases': [401, 403, 403, 403, 404],
  'POST /api/staff/registry/:id/releases': [401, 403, 403, 403, 400],
  'POST /api/staff/registry/:id/releases/:release/preview': [401, 403, 403, 403, 404],
  'POST /api/staff/registry/:id/releases/:release/promote': [401, 403, 403, 403, 404],
  'DELETE /api/staff/registry/:id/preview': [401, 403, 403, 403, 404],
  'POST /api/staff/registry/:id/rollback': [401, 403, 403, 403, 404],
  'GET /api/staff/audit': [401, 403, 403, 403, 200],

  // The caller's own account: every signed-in caller reads and writes their own row.
  'GET /api/user': [401, 200, 200, 200, 200],
  'POST /api/user': { expect: [401, 200, 200, 200, 200], body: (c: WalkContext) => ({ Id: c.uid, Email: c.email }) },
  'PUT /api/user': { expect: [401, 200, 200, 200, 200], body: { language: 'de' } },
  // `?email=` must name the caller: another address is answered as unknown (and deletes nothing).
  'DELETE /api/user': { expect: [401, 404, 404, 404, 404], query: { email: 'someone-else@example.com' } },
  'GET /api/user/token': [401, 200, 200, 200, 200],
  'GET /api/user/profile/contact': [401, 200, 200, 200, 200],
  // A sub-user works on the parent's profile (sub-users use the account of their main user).
  'PUT /api/user/profile/contact': { expect: [401, 200, 200, 200, 200], body: CONTACT },
  // Asks VIES (the simulator) about the caller's own VAT ID: 200 with its answer, 400 when the profile has none yet.
  'POST /api/user/profile/vat-verification': [401, 'handled', 'handled', 'handled', 'handled'],
  'GET /api/user/profile/language': [401, 200, 200, 200, 200],
  'PUT /api/user/profile/language': { expect: [401, 200, 200, 200, 200], body: { language: 'de' } },
  'GET /api/user/profile/avv-accepted-date': [401, 200, 200, 200, 200],
  'POST /api/user/profile/avv-accepted-date': [401, 200, 200, 200, 200],
  'GET /api/user/profile/verify-reminder': [401, 200, 200, 200, 200],
  'PUT /api/user/profile/verify-reminder': { expect: [401, 200, 200, 200, 200], body: { verifyReminder: true } },
  'GET /api/user/profile/avv/download': [401, 200, 200, 200, 200],
  'POST /api/user/contact-us': {
    expect: [401, 201, 201, 201, 201],
    body: (c: WalkContext) => ({ name: 'Walk', phone: '4940123456', email: c.email, message: 'Route walk' }),
  },
  'GET /api/user/freshdesk-api-key': [401, 403, 403, 403, 403],

  // Sub-users: main users only (the staff account has no mobile license, so it may not add any).
  'GET /api/user/subusers': [401, 200, 200, 403, 200],
  'GET /api/user/subusers/max-allowed': [401, 200, 200, 403, 200],
  'POST /api/user/subusers': {
    expect: [401, 201, 201, 403, 403],
    body: (c: WalkContext) => ({ name: 'Walk Sub', email: `walk-sub-${c.uid.slice(0, 8).toLowerCase()}@example.com` }),
  },
  'PUT /api/user/subusers': { expect: [401, 404, 404, 403, 404], body: { id: 'no-such-sub-user', name: 'Renamed' } },
  'DELETE /api/user/subusers': { expect: [401, 404, 404, 403, 404], query: { id: 'no-such-sub-user' } },

  // PayPal credentials: the owner's only (others have none: 404), never a sub-user's business.
  'GET /api/user/paypal/auth': [401, 200, 404, 403, 404],
  'POST /api/user/paypal/auth': {
    expect: [401, 409, 201, 403, 201],
    body: { paypalEmail: 'walk@pay.example', clientId: 'walk-client', clientSecret: 'walk-secret', mode: 'sandbox' },
  },
  'PUT /api/user/paypal/auth': { expect: [401, 200, 200, 403, 200], body: { clientId: 'walk-client-2' } },
  'DELETE /api/user/paypal/auth': [401, 204, 204, 403, 204],

  // Data source: the owner has one; others none (404); a sub-user may read the parent's but not change it.
  'GET /api/user/ds': [401, 200, 404, 404, 404],
  'POST /api/user/ds/test': [401, 400, 400, 403, 400],
  'POST /api/user/ds': [401, 400, 400, 403, 400],
  'PUT /api/user/ds': [401, 400, 404, 403, 404],
  'POST /api/user/ds/delete': [401, 204, 404, 403, 404],
  'POST /api/user/ds/schemas': [401, 400, 400, 403, 400],

  // Catalogue and licenses: a key of the owner is found by the owner and the sub-user only.
  'GET /api/license/product/all': [401, 200, 200, 200, 200],
  'GET /api/license/product/plugin/:pluginName': [401, 200, 200, 200, 200],
  'GET /api/license/product/free_or_trial': { expect: [401, 200, 200, 200, 200], query: { pluginName: 'mobile' } },
  'GET /api/license/product/free_or_trial/all': [401, 200, 200, 200, 200],
  'GET /api/license/product/:productId': [401, 404, 404, 404, 404],
  'POST /api/license/product/free_or_trial': {
    expect: [401, 404, 404, 403, 404],
    query: { licenseProductID: 'no-such-product' },
  },
  'GET /api/license/all': [401, 200, 200, 200, 200],
  'GET /api/license/plugin': { expect: [401, 200, 200, 200, 200], query: { pluginName: 'mobile' } },
  'GET /api/license/key/:key': [401, 200, 404, 200, 404],
  'POST /api/license/filter': [401, 200, 200, 200, 200],
  'POST /api/license/filter/count': [401, 200, 200, 200, 200],
  'GET /api/license/usage': { expect: [401, 404, 404, 404, 404], query: { pluginName: 'fresh_desk' } },
  'DELETE /api/license/registrations/:licenseId': {
    expect: [401, 404, 404, 403, 404],
    query: { type: 'email', value: 'shop@example.com' },
  },
  // Plugin-facing, with a license key instead of a token: the same answer whoever calls.
  'POST /api/license/check': {
    expect: [200, 200, 200, 200, 200],
    body: { key: 'AAAA-BBBB-CCCC-DDDD', plugin: 'mobile', identifier: { type: 'email', value: 'shop@example.com' } },
  },
  'POST /api/license/usage': {
    expect: [404, 404, 404, 404, 404],
    body: { key: 'AAAA-BBBB-CCCC-DDDD', emails_sent: 1 },
  },

  // AVV versions: every signed-in caller reads the current one and accepts for their account; staff publish.
  'GET /api/avv/current': [401, 200, 200, 200, 200],
  'GET /api/avv/versions/:id': [401, 404, 404, 404, 404],
  'GET /api/avv/history': [401, 200, 200, 200, 200],
  'POST /api/avv/accept': {
    expect: [401, 404, 404, 404, 404],
    body: { versionId: '00000000-0000-4000-8000-000000000000' },
  },
  'GET /api/avv/versions': [401, 403, 403, 403, 200],
  // Not walked with a valid body: it would publish a new AVV version for every seller.
  'POST /api/avv/versions': [400, 400, 400, 400, 400],

  'GET /api/subscription/overage/pending': [401, 200, 200, 200, 200],
  'POST /api/subscription/:id/cancel': [401, 404, 404, 403, 404],
  'POST /api/subscription/:id/resume': [401, 404, 404, 403, 404],
  'POST /api/subscription/:id/overage/approve': [401, 404, 404, 403, 404],
  'DELETE /api/subscription/:id/scheduled-change': [401, 404, 404, 403, 404],
  // Staff only (a PGlite api has no job runner of its own to call).
  'POST /api/subscription/month-end/run': { expect: [401, 403, 403, 403, 200], body: { date: '2026-11-01' } },
  'POST /api/subscription/renewals/run': { expect: [401, 403, 403, 403, 200], body: { date: '2026-11-01' } },

  // Lieferbar is internal: staff passes the license check and finds no orders; everybody else has no license.
  'GET /api/wawi/lieferbar/orders': [401, 403, 403, 403, 404],

  // GPSR needs a gpsr license, which none of the walk's callers has.
  'GET /api/gpsr/products': [401, 403, 403, 403, 403],
  'GET /api/gpsr/product/:productId': [401, 403, 403, 403, 403],
  'POST /api/gpsr/product/create': {
    expect: [401, 403, 403, 403, 403],
    body: { name: 'Walk Kettle', riskQuestions: [] },
  },
  'PUT /api/gpsr/product/update': {
    expect: [401, 403, 403, 403, 403],
    body: { id: '00000000-0000-4000-8000-000000000000', name: 'Walk Kettle', riskQuestions: [] },
  },
  'DELETE /api/gpsr/product/:productId/delete': [401, 403, 403, 403, 403],
  'POST /api/gpsr/product/upload/files': [401, 403, 403, 403, 403],
  'DELETE /api/gpsr/product/file/:fileName/delete': [401, 403, 403, 403, 403],
  'POST /api/gpsr/product/:productId/release': [401, 403, 403, 403, 403],
  'GET /api/gpsr/versions/retained': [401, 403, 403, 403, 403],
  'GET /api/gpsr/product/:productId/documentation/download': [401, 403, 403, 403, 403],

  // Payments: the provider's webhook refuses an unsigned event; the sandbox page knows no such ref.
  'POST /api/payment/webhook/:provider': [400, 400, 400, 400, 400],
  'GET /api/payment/assets/close-window.js': [200, 200, 200, 200, 200],
  'GET /api/payment/assets/payment-page.css': [200, 200, 200, 200, 200],
  'GET /api/payment/sandbox/:ref': [404, 404, 404, 404, 404],
  'POST /api/payment/sandbox/:ref/pay': [404, 404, 404, 404, 404],
  'POST /api/payment/sandbox/:ref/cancel': [404, 404, 404, 404, 404],
  // The overage consent page of an unknown ref sends the browser back to the dashboard with the result.
  'GET /api/payment/sandbox/:ref/consent': [303, 303, 303, 303, 303],
  'POST /api/payment/sandbox/:ref/consent/approve': [303, 303, 303, 303, 303],
  'POST /api/payment/sandbox/:ref/consent/cancel': [303, 303, 303, 303, 303],

  // Invoices: main users only, each sees only their own (an unknown or foreign id is 404).
  'GET /api/invoice/list': [401, 200, 200, 403, 200],
  'GET /api/invoice/count': [401, 200, 200, 403, 200],
  'GET /api/invoice/:id': [401, 404, 404, 403, 404],
  'POST /api/invoice/:id/download': [401, 404, 404, 403, 404],
  'GET /api/invoice/:id/pdf': [401, 404, 404, 403, 404],
  'GET /api/invoice/:id/payment-check': [401, 404, 404, 403, 404],
  'POST /api/invoice': { expect: [401, 404, 404, 403, 404], body: { product_id: 'no-such-product' } },
  'POST /api/invoice/quote': { expect: [401, 404, 404, 403, 404], body: { product_id: 'no-such-product' } },
};

export function expectationOf(key: string): Row | undefined {
  const entry = ROUTE_EXPECTATIONS[key];
  return !entry ? undefined : 'expect' in entry ? entry.expect : entry;
}

export function requestOf(key: string): Omit<WithRequest, 'expect'> | undefined {
  const entry = ROUTE_EXPECTATIONS[key];
  return entry && 'expect' in entry ? entry : undefined;
}
