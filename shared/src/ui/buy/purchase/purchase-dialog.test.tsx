import { screen, waitFor, within } from '@testing-library/react';
import { quotePurchase } from '../../../domain/pricing';
import type { License } from '../../../domain/license';
import type { PlanChangeScheduled, PurchaseQuote, PurchaseResponse } from '../../../domain/purchase';
import type { PluginName } from '../../../domain/types';
import { ApiError } from '../../../services/api-error';
import { createHttpClient } from '../../../services/http-client';
import { demoCatalogue } from '../../../testing/demo-catalogue';
import { demoProfile } from '../../../testing/demo-data';
import { licenseFixture, runningSubscription } from '../../../testing/license-fixture';
import type { FakeRequest } from '../../../testing/fake-http';
import { renderWithPortal, type RenderWithPortalOptions } from '../../../testing/render-with-portal';
import { WithBuyTexts } from '../with-buy-texts';
import { LicenseCardsSection } from '../cards/license-cards-section';

const products = demoCatalogue('fresh_desk');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** POST /invoice/quote as the api answers it: the quote computed on the server from the catalogue. */
function quoteRoute(req: FakeRequest): PurchaseQuote {
  const body = req.body as { product_id: string; extra_users_count: number; extra_email_blocks: number };
  const product = products.find((p) => p.id === body.product_id)!;
  return quotePurchase(product, body, { country: 'DE', vatId: null, vatIdVerified: false });
}

/** POST /invoice: the invoice, its payment page and the same quote. */
function invoiceRoute(req: FakeRequest): PurchaseResponse {
  return {
    invoice_id: 'inv-1',
    payment_url: '/api/payment/sandbox/ref-1',
    proceed_url: '/api/payment/sandbox/ref-1',
    quote: quoteRoute(req),
  };
}
/** `route`, but answering only once `release()` is called: what the dialog shows while the api works. */
function heldRoute<T>(route: (req: FakeRequest) => T) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    route: async (req: FakeRequest) => {
      await gate;
      return route(req);
    },
    release: () => release(),
  };
}

const PAYMENT_PAGE = new URL('/api/payment/sandbox/ref-1', window.location.href).href;

function renderFlow(options: RenderWithPortalOptions = {}) {
  return renderWithPortal(
    <WithBuyTexts fallback={null}>
      <LicenseCardsSection plugin="fresh_desk" />
    </WithBuyTexts>,
    {
      route: '/licenses/buy',
      ...options,
      http: {
        'GET /license/product/plugin/:plugin': (req: { params: { plugin: PluginName } }) =>
          demoCatalogue(req.params.plugin),
        'POST /invoice/quote': quoteRoute,
        'POST /invoice': invoiceRoute,
        'GET /invoice/:id/payment-check': { invoice_id: 'inv-1', payment: { status: 'Paid' }, invoice_number: 'RE-1' },
        ...options.http,
      },
    },
  );
}

async function chooseYearlyBasicWithTwoUsers(user: ReturnType<typeof renderFlow>['user'], lang: 'en' | 'de' = 'en') {
  const basic = await screen.findByRole('article', { name: 'Fresh Desk Basic Yearly' });
  const add = lang === 'en' ? 'Add one: Extra users' : 'Eins mehr: Zusätzliche Benutzer';
  await user.click(within(basic).getByRole('button', { name: add }));
  await user.click(within(basic).getByRole('button', { name: add }));
  await user.click(within(basic).getByRole('checkbox'));
  await user.click(
    within(basic).getByRole('button', {
      name: lang === 'en' ? 'Buy now: Fresh Desk Basic Yearly' : 'Jetzt kaufen: Fresh Desk Basic Yearly',
    }),
  );
}

describe('Purchase dialog', () => {
  let open: jest.SpyInstance;
  let popup: { closed: boolean; focus: jest.Mock; close: jest.Mock; location: { href: string } };

  beforeEach(() => {
    popup = { closed: false, focus: jest.fn(), close: jest.fn(), location: { href: 'about:blank' } };
    open = jest.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
  });
  afterEach(() => open.mockRestore());

  it('loading → the server quote (nothing written) → Pay makes the invoice and opens its window → result', async () => {
    const quote = heldRoute(quoteRoute);
    const { user, http, session } = renderFlow({ http: { 'POST /invoice/quote': quote.route } });
    await chooseYearlyBasicWithTwoUsers(user);
    const dialog = await screen.findByRole('dialog', { name: 'Your order' });
    expect(within(dialog).getByText('Calculating your price…')).toBeInTheDocument();
    quote.release();

    expect(await within(dialog).findByRole('table', { name: 'Order items' })).toBeInTheDocument();
    expect(http.callsTo('POST /invoice/quote')[0].body).toEqual({
      product_id: 'fresh_desk-basic-yearly',
      extra_users_count: 2,
      extra_email_blocks: 0,
      auto_upgrade_consent: true,
    });
    // Showing the quote made no invoice.
    expect(http.callsTo('POST /invoice')).toHaveLength(0);
    const rows = within(dialog).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Fresh Desk Basic Yearly1199,00 €');
    expect(rows[2]).toHaveTextContent('Extra users272,00 €');
    // 271,00 net + 19 % = 322,49 gross
    expect(within(dialog).getByText('51,49 €')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: /^Pay 322,49\s€$/ }));
    // The window opens within the click, then shows the payment page of the invoice made now.
    expect(open).toHaveBeenCalledWith(
      'about:blank',
      'portal-payment',
      expect.stringContaining('width=1000,height=800'),
    );
    expect(http.callsTo('POST /invoice')).toHaveLength(1);
    expect(http.callsTo('POST /invoice')[0].body).toEqual(http.callsTo('POST /invoice/quote')[0].body);
    expect(await within(dialog).findByText('Waiting for your payment')).toBeInTheDocument();
    expect(popup.location.href).toBe(PAYMENT_PAGE);

    popup.closed = true;
    expect(
      await within(dialog).findByText('Thank you for your order', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(session.refreshed[0]).toBe('licenses');
    expect(http.callsTo('GET /invoice/:id/payment-check')[0].path).toBe('/invoice/inv-1/payment-check');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows "Creating your invoice…" while the confirmed order is made', async () => {
    const invoice = heldRoute(invoiceRoute);
    const { user } = renderFlow({ http: { 'POST /invoice': invoice.route } });
    await chooseYearlyBasicWithTwoUsers(user);
    const dialog = await screen.findByRole('dialog', { name: 'Your order' });
    await user.click(await within(dialog).findByRole('button', { name: /^Pay / }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Creating your invoice…');
    expect(within(dialog).queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
    invoice.release();
    expect(await within(dialog).findByText('Waiting for your payment')).toBeInTheDocument();
  });

  it('offers the payment window again when the payment did not arrive', async () => {
    const { user } = renderFlow({
      http: {
        'GET /invoice/:id/payment-check': { invoice_id: 'inv-1', payment: { status: 'Failed' }, invoice_number: null },
      },
    });
    await chooseYearlyBasicWithTwoUsers(user);
    const dialog = await screen.findByRole('dialog', { name: 'Your order' });
    await user.click(await within(dialog).findByRole('button', { name: /^Pay / }));
    await within(dialog).findByText('Waiting for your payment');
    popup.closed = true;
    expect(await within(dialog).findByText('Payment not completed', undefined, { timeout: 5000 })).toBeInTheDocument();
    popup.closed = false;
    await user.click(within(dialog).getByRole('button', { name: 'Open payment window again' }));
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('a blocked pop-up shows the warning, and Try again opens the window', async () => {
    open.mockReturnValueOnce(null);
    const { user, notify, http } = renderFlow();
    await chooseYearlyBasicWithTwoUsers(user);
    const dialog = await screen.findByRole('dialog', { name: 'Your order' });
    await user.click(await within(dialog).findByRole('button', { name: /^Pay / }));
    expect(notify.last('warning')).toEqual(
      expect.objectContaining({
        title: 'Attention',
        message: 'Your browser has blocked the pop-up. Please allow pop-ups to continue payment.',
      }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your browser has blocked the pop-up');
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(open).toHaveBeenCalledTimes(2);
    expect(open).toHaveBeenLastCalledWith('/api/payment/sandbox/ref-1', 'portal-payment', expect.any(String));
    expect(within(dialog).getByText('Waiting for your payment')).toBeInTheDocument();
    // The invoice was made once, when the seller confirmed; Try again shows its payment page.
    expect(http.callsTo('POST /invoice')).toHaveLength(1);
  });

  it('Cancel closes the dialog without paying and without an invoice', async () => {
    const { user, http } = renderFlow();
    await chooseYearlyBasicWithTwoUsers(user);
    const dialog = await screen.findByRole('dialog', { name: 'Your order' });
    await within(dialog).findByRole('table');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(open).not.toHaveBeenCalled();
    expect(http.callsTo('POST /invoice/quote')).toHaveLength(1);
    expect(http.callsTo('POST /invoice')).toHaveLength(0);
  });

  it('a refused quote closes the dialog and says why', async () => {
    const { user, notify, http } = renderFlow({
      http: { 'POST /invoice/quote': new ApiError(404, 'product-not-found', 'Product not found') },
    });
    await chooseYearlyBasicWithTwoUsers(user);
    await waitFor(() => expect(notify.last('error')?.title).toBe('Could not calculate the price'));
    expect(notify.last('error')?.message).not.toBe('Product not found');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(http.callsTo('POST /invoice')).toHaveLength(0);
  });

  it('a failed invoice creation closes the waiting window and the dialog and says why', async () => {
    const { user, notify } = renderFlow({
      http: {
        'POST /invoice': new ApiError(502, 'payment-provider-error', 'The payment provider could not be reached'),
      },
    });
    await chooseYearlyBasicWithTwoUsers(user);
    const dialog = await screen.findByRole('dialog', { name: 'Your order' });
    await user.click(await within(dialog).findByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(notify.last('error')?.title).toBe('Failed to create invoice'));
    expect(popup.close).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('an incomplete profile gets "Missing contact information or product price" and a way to the profile', async () => {
    const profile = demoProfile();
    profile.contact = { ...profile.contact, street: '' };
    const { user, http } = renderFlow({ session: { profile } });
    await chooseYearlyBasicWithTwoUsers(user);
    const dialog = await screen.findByRole('dialog', { name: 'Your order' });
    expect(within(dialog).getByText('Missing contact information or product price')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Complete profile' })).toHaveAttribute('href', '/profile');
    expect(http.callsTo('POST /invoice/quote')).toHaveLength(0);
  });

  it('the server saying profile-incomplete shows the same message', async () => {
    const { user } = renderFlow({ http: { 'POST /invoice/quote': new ApiError(400, 'profile-incomplete', 'x') } });
    await chooseYearlyBasicWithTwoUsers(user);
    const dialog = await screen.findByRole('dialog', { name: 'Your order' });
    expect(await within(dialog).findByText('Missing contact information or product price')).toBeInTheDocument();
  });

  /** Pay in the open dialog, wait for the payment window, then cancel the dialog. */
  async function payAndCancel(user: ReturnType<typeof renderFlow>['user']) {
    const dialog = await screen.findByRole('dialog', { name: 'Your order' });
    await user.click(await within(dialog).findByRole('button', { name: /^Pay / }));
    await within(dialog).findByText('Waiting for your payment');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }

  it('sends one Idempotency-Key per opened dialog with the confirmed order: a new one after reopening', async () => {
    const { user, http } = renderFlow();
    await chooseYearlyBasicWithTwoUsers(user);
    await payAndCancel(user);
    await user.click(screen.getByRole('button', { name: 'Buy now: Fresh Desk Basic Yearly' }));
    await payAndCancel(user);
    expect(http.callsTo('POST /invoice/quote').map((c) => c.options.headers?.['Idempotency-Key'])).toEqual([
      undefined,
      undefined,
    ]);
    const keys = http.callsTo('POST /invoice').map((c) => c.options.headers?.['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toMatch(UUID);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('a retry within one dialog (lost answer, refreshed token) sends the same Idempotency-Key', async () => {
    const invoiceCalls: { key: string | undefined; body: unknown }[] = [];
    const answer = (status: number, body: unknown) =>
      ({ ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body) }) as Response;
    const fetchImpl = async (url: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
      const path = String(url).replace(/^\/api/, '');
      const plugin = /^\/license\/product\/plugin\/(\w+)$/.exec(path);
      if (init.method === 'GET' && plugin) return answer(200, demoCatalogue(plugin[1] as PluginName));
      if (init.method === 'POST' && path === '/invoice/quote') {
        return answer(200, quoteRoute({ body: JSON.parse(String(init.body)) } as FakeRequest));
      }
      if (init.method === 'POST' && path === '/invoice') {
        const body = JSON.parse(String(init.body));
        invoiceCalls.push({ key: (init.headers as Record<string, string>)['Idempotency-Key'], body });
        // Within the first dialog: the first answer is lost, the second says the token needs a refresh.
        if (invoiceCalls.length === 1) throw new TypeError('Failed to fetch');
        if (invoiceCalls.length === 2) return answer(401, { message: 'Token expired', slug: 'unable-to-verify-jwt' });
        return answer(201, invoiceRoute({ body } as FakeRequest));
      }
      return answer(404, { message: 'Not Found', slug: 'route-not-found' });
    };
    let token = 't1';
    const client = createHttpClient({
      baseUrl: '/api',
      retryDelayMs: 1,
      fetchImpl: fetchImpl as typeof fetch,
      tokens: {
        getToken: () => token,
        refreshToken: async () => (token = 't2'),
        onRefreshFailed: () => undefined,
        isSessionExpired: () => false,
      },
    });
    const { user } = renderFlow({ services: { http: client } });
    await chooseYearlyBasicWithTwoUsers(user);
    await payAndCancel(user);
    expect(invoiceCalls).toHaveLength(3);
    expect(invoiceCalls[0].key).toMatch(UUID);
    expect(invoiceCalls.map((c) => c.key)).toEqual([invoiceCalls[0].key, invoiceCalls[0].key, invoiceCalls[0].key]);

    await user.click(screen.getByRole('button', { name: 'Buy now: Fresh Desk Basic Yearly' }));
    await payAndCancel(user);
    expect(invoiceCalls).toHaveLength(4);
    expect(invoiceCalls[3].key).toMatch(UUID);
    expect(invoiceCalls[3].key).not.toBe(invoiceCalls[0].key);
    expect(invoiceCalls[3].body).toEqual(invoiceCalls[0].body);
  });

  it('is in German', async () => {
    const { user } = renderFlow({ language: 'de' });
    await chooseYearlyBasicWithTwoUsers(user, 'de');
    const dialog = await screen.findByRole('dialog', { name: 'Ihre Bestellung' });
    expect(await within(dialog).findByRole('table', { name: 'Bestellpositionen' })).toBeInTheDocument();
    expect(within(dialog).getByText('Zusätzliche Benutzer')).toBeInTheDocument();
    expect(within(dialog).getByText('Umsatzsteuer 19 %')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: /^322,49\s€ bezahlen$/ }));
    expect(await within(dialog).findByText('Wir warten auf Ihre Zahlung')).toBeInTheDocument();
  });
});

/** The seller's live yearly subscription of a fresh_desk plan, renewing on 01.05.2099. */
const subscribedTo = (productId: string): License =>
  licenseFixture({
    productId,
    productName: products.find((p) => p.id === productId)!.name,
    licenseExpired: '2099-05-01T00:00:00.000Z',
    licenseTypeDetails: { type: 'subscription', extraOptions: { extra_users_count: 0 } },
    priceNetto: { amount: 19900, currency: 'EUR' },
    subscription: runningSubscription('2099-05-01T00:00:00.000Z'),
  });
const changeInfo = (timing: 'now' | 'period_end', creditCents: number) => ({
  timing,
  effective_at: timing === 'now' ? '2099-01-01T00:00:00.000Z' : '2099-05-01T00:00:00.000Z',
  credit_cents: creditCents,
  subscription_id: 's1',
  from_product_id: 'fresh_desk-optimal-yearly',
  from_product_name: 'Fresh Desk Optimal Yearly',
});

describe('Purchase dialog for a plan change', () => {
  let open: jest.SpyInstance;
  beforeEach(() => {
    open = jest
      .spyOn(window, 'open')
      .mockImplementation(
        () => ({ closed: false, focus: jest.fn(), close: jest.fn(), location: { href: '' } }) as unknown as Window,
      );
  });
  afterEach(() => open.mockRestore());

  /** POST /invoice/quote of a cheaper plan: nothing now, the quote is what the renewal on 01.05.2099 bills. */
  const laterQuote = (req: FakeRequest): PurchaseQuote => ({
    ...quoteRoute(req),
    plan_change: changeInfo('period_end', 0),
  });

  /** A seller of Optimal Yearly choosing Basic Yearly: POST /invoice records it for 01.05.2099 (`approval_url` as given). */
  const renderScheduled = (opts: { language?: 'de'; approvalUrl?: string } = {}) =>
    renderFlow({
      ...(opts.language && { language: opts.language }),
      session: { licenses: [subscribedTo('fresh_desk-optimal-yearly')] },
      http: {
        'POST /invoice/quote': laterQuote,
        'POST /invoice': (req: FakeRequest): PlanChangeScheduled => ({
          scheduled: { product_id: 'fresh_desk-basic-yearly', effective_at: '2099-05-01T00:00:00.000Z' },
          quote: laterQuote(req),
          ...(opts.approvalUrl && { approval_url: opts.approvalUrl }),
        }),
      },
    });

  it('a cheaper plan is scheduled for the period end: no payment window, the dialog says when it takes effect', async () => {
    const { user, http, session } = renderScheduled();
    const basic = await screen.findByRole('article', { name: 'Fresh Desk Basic Yearly' });
    // fresh_desk plans need the automatic upgrade consent
    await user.click(within(basic).getByRole('checkbox'));
    await user.click(within(basic).getByRole('button', { name: 'Change plan: Fresh Desk Basic Yearly' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your order' });
    expect(
      await within(dialog).findByText(
        /^You change from Fresh Desk Optimal Yearly on 01\.05\.2099\. Nothing is charged now/,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Change on 01.05.2099' }));

    const done = await within(dialog).findByRole('status');
    expect(done).toHaveTextContent('Plan change scheduled');
    expect(done).toHaveTextContent('Your plan changes on 01.05.2099. Until then you keep your current plan.');
    expect(open).not.toHaveBeenCalled();
    expect(http.callsTo('POST /invoice')).toHaveLength(1);
    expect(http.callsTo('GET /invoice/:id/payment-check')).toHaveLength(0);
    await waitFor(() => expect(session.refreshed).toContain('licenses'));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says it in German', async () => {
    const { user } = renderScheduled({ language: 'de' });
    const basic = await screen.findByRole('article', { name: 'Fresh Desk Basic Yearly' });
    // fresh_desk plans need the automatic upgrade consent
    await user.click(within(basic).getByRole('checkbox'));
    await user.click(within(basic).getByRole('button', { name: 'Plan wechseln: Fresh Desk Basic Yearly' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ihre Bestellung' });
    await user.click(await within(dialog).findByRole('button', { name: 'Am 01.05.2099 wechseln' }));
    const done = await within(dialog).findByRole('status');
    expect(done).toHaveTextContent('Planwechsel vorgemerkt');
    expect(done).toHaveTextContent('Ihr Plan wechselt am 01.05.2099.');
    expect(open).not.toHaveBeenCalled();
  });

  it('a change PayPal must approve offers the approval link: the change waits for it, PayPal bills the old plan until then', async () => {
    const approval = 'https://www.paypal.com/webapps/billing/subscriptions?ba_token=BA-0000000000000000';
    const { user } = renderScheduled({ approvalUrl: approval });
    const basic = await screen.findByRole('article', { name: 'Fresh Desk Basic Yearly' });
    await user.click(within(basic).getByRole('checkbox'));
    await user.click(within(basic).getByRole('button', { name: 'Change plan: Fresh Desk Basic Yearly' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your order' });
    await user.click(await within(dialog).findByRole('button', { name: 'Change on 01.05.2099' }));
    const done = await within(dialog).findByRole('status');
    expect(done).toHaveTextContent(
      'Your plan changes on 01.05.2099 once you confirm the new price at PayPal. Until you do, PayPal keeps billing your current plan.',
    );
    const confirm = within(dialog).getByRole('link', { name: 'Confirm the new price at PayPal' });
    expect(confirm).toHaveAttribute('href', approval);
    expect(confirm).toHaveAttribute('target', '_blank');
    expect(open).not.toHaveBeenCalled();
  });

  it('an upgrade shows the credit for the unused part as its own negative row and pays the difference', async () => {
    const { user, http } = renderFlow({
      session: { licenses: [subscribedTo('fresh_desk-basic-yearly')] },
      http: {
        'POST /invoice/quote': (): PurchaseQuote => ({
          currency: 'EUR',
          rows: [
            {
              kind: 'base',
              description: 'Fresh Desk Optimal Yearly',
              quantity: 1,
              unitPriceCents: 30000,
              amountCents: 30000,
            },
            {
              kind: 'plan_change_credit',
              description: 'Fresh Desk Basic Yearly',
              quantity: 1,
              unitPriceCents: -10000,
              amountCents: -10000,
            },
          ],
          netCents: 20000,
          vat: { kind: 'standard', ratePercent: 19 },
          vatCents: 3800,
          grossCents: 23800,
          plan_change: { ...changeInfo('now', 10000), from_product_name: 'Fresh Desk Basic Yearly' },
        }),
      },
    });
    const optimal = await screen.findByRole('article', { name: 'Fresh Desk Optimal Yearly' });
    // fresh_desk plans need the automatic upgrade consent
    await user.click(within(optimal).getByRole('checkbox'));
    await user.click(within(optimal).getByRole('button', { name: 'Change plan: Fresh Desk Optimal Yearly' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your order' });
    const table = await within(dialog).findByRole('table', { name: 'Order items' });
    const rows = within(table).getAllByRole('row');
    expect(rows[2]).toHaveTextContent(/^Credit for the unused period of Fresh Desk Basic Yearly1-100,00\s€$/);
    expect(within(dialog).getByText(/^You change from Fresh Desk Basic Yearly now\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /^Pay 238,00\s€$/ }));
    expect(open).toHaveBeenCalled();
    expect(http.callsTo('POST /invoice')).toHaveLength(1);
    expect(await within(dialog).findByText('Waiting for your payment')).toBeInTheDocument();
  });
});
