// A seller set up through the real api and the Auth emulator, for journeys whose subject comes after onboarding
// (buying, overage): the UI of the onboarding steps is covered by account-onboarding.spec.ts.
import { BASE_URL, EMULATOR_URL } from '../env';
import { idTokenFor, waitForOobCode } from './emulator';

const IDENTITY = `${process.env.E2E_EMULATOR_URL || EMULATOR_URL}/identitytoolkit.googleapis.com/v1`;
const API_KEY = 'demo-api-key';

/**
 * One call to the api (a path below /api) or to an absolute URL; answers the JSON body (null without one) and throws
 * with the status and body on any 4xx/5xx. Redirects are not followed (a sandbox page answers one).
 */
export async function apiCall<T = unknown>(
  method: string,
  url: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const response = await fetch(url.startsWith('http') ? url : `${BASE_URL}/api${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  if (response.status >= 400) throw new Error(`${method} ${url}: HTTP ${response.status} ${await response.text()}`);
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') ? response.json() : null) as Promise<T>;
}

/** The person and company of a German seller's profile; the address fields have German defaults. */
export interface SellerContact {
  firstName: string;
  lastName: string;
  companyName: string;
  city?: string;
  street?: string;
  houseNumber?: string;
  postalCode?: string;
}

/**
 * A main user with a verified email, a complete German profile, the AVV accepted and a working data source (the
 * PostgreSQL server the e2e stack allows). Answers a fresh ID token of the seller. `portalUrl` sets the portal
 * whose api is asked (a journey's own stack); the e2e stack's portal otherwise.
 */
export async function createReadySeller(
  seller: { email: string; password: string },
  contact: SellerContact,
  { portalUrl = BASE_URL }: { portalUrl?: string } = {},
): Promise<string> {
  const api = (urlPath: string) => `${portalUrl}/api${urlPath}`;
  const signUp = await apiCall<{ idToken: string; localId: string }>(
    'POST',
    `${IDENTITY}/accounts:signUp?key=${API_KEY}`,
    null,
    { email: seller.email, password: seller.password, returnSecureToken: true },
  );
  await apiCall('POST', api('/user'), signUp.idToken, { Id: signUp.localId, Email: seller.email });
  await apiCall('POST', `${IDENTITY}/accounts:sendOobCode?key=${API_KEY}`, null, {
    requestType: 'VERIFY_EMAIL',
    idToken: signUp.idToken,
  });
  const { oobCode } = await waitForOobCode(seller.email, 'VERIFY_EMAIL');
  await apiCall('POST', `${IDENTITY}/accounts:update?key=${API_KEY}`, null, { oobCode });
  const token = await idTokenFor(seller.email, seller.password);
  await apiCall('PUT', api('/user/profile/contact'), token, {
    city: 'Hamburg',
    street: 'Große Elbstraße',
    houseNumber: '14',
    postalCode: '22767',
    ...contact,
    country: 'DE',
    invoiceEmail: '',
    vatID: '',
  });
  await apiCall('POST', api('/user/profile/avv-accepted-date'), token);
  await apiCall('POST', api('/user/ds'), token, {
    engine: 'postgres',
    host: '127.0.0.1',
    port: 5432,
    database: 'test',
    user: 'postgres',
    password: 'trusted-anyway',
  });
  return token;
}

/**
 * Buys `productId` with the auto-upgrade consent and "pays" it on the sandbox page (a signed event through the
 * webhook route, as in the payment window): the seller then holds a paid license of it.
 */
export async function buyPaid(token: string, productId: string): Promise<void> {
  const bought = await apiCall<{ payment_url: string }>('POST', '/invoice', token, {
    product_id: productId,
    auto_upgrade_consent: true,
  });
  await apiCall('POST', `${BASE_URL}${bought.payment_url}/pay`, null);
}
