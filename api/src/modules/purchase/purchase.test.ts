import { eq } from 'drizzle-orm';
import { invoices, payments } from '../../db/schema';
import { createSubUser, registerUser, type TestIdentity } from '../../../test/helpers';
import {
  austrianBuyer,
  buy,
  buyer,
  catalogueQuote,
  useShopWithSeller,
  FRESH_DESK_YEARLY,
} from '../../../test/payment/purchase-helpers';

const shop = useShopWithSeller();

const post = (who: TestIdentity | null, payload: unknown) =>
  shop.app.inject({ method: 'POST', url: '/api/invoice', headers: who?.headers, payload: payload as object });
const check = (who: TestIdentity | null, id: string) =>
  shop.app.inject({ method: 'GET', url: `/api/invoice/${id}/payment-check`, headers: who?.headers });

describe('POST /invoice', () => {
  it('prices a yearly fresh_desk plan with 2 extra users from the catalogue and starts the sandbox checkout', async () => {
    const res = await post(shop.seller, FRESH_DESK_YEARLY);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    // Catalogue: 199,00 € a year + 2 × 36,00 € extra users (3 €/month × 12), 19 % VAT.
    expect(body.quote).toEqual(await catalogueQuote(shop.app, 'fresh_desk-basic-yearly', { extra_users_count: 2 }));
    expect(body.quote).toMatchObject({ netCents: 27100, vatCents: 5149, grossCents: 32249, currency: 'EUR' });
    expect(body.payment_url).toMatch(/^\/api\/payment\/sandbox\/[A-Za-z0-9_-]{32}$/);
    expect(body.proceed_url).toBe(body.payment_url);

    const [invoice] = await shop.app.db.select().from(invoices).where(eq(invoices.id, body.invoice_id));
    expect(invoice).toMatchObject({
      userId: shop.seller.uid,
      status: 'Pending',
      invoiceNumber: null,
      amountNet: 27100,
      vatAmount: 5149,
      amount: 32249,
      paymentProvider: 'sandbox',
      paymentUrl: body.payment_url,
      purchase: FRESH_DESK_YEARLY,
      proceedType: 'PaypalPaymentSubscriptionAutoPayment',
    });
    expect(invoice.buyer).toMatchObject({ lastName: 'Mustermann', city: 'Hamburg', invoiceEmail: shop.seller.email });
    const [payment] = await shop.app.db.select().from(payments).where(eq(payments.invoiceId, body.invoice_id));
    expect(payment).toMatchObject({ provider: 'sandbox', status: 'Pending', amountCents: 32249, currency: 'EUR' });
  });

  it('sells the permanent product (no extras) and refuses extras it does not sell', async () => {
    const ok = await post(shop.seller, { product_id: 'magic_matrix-permanent' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().quote).toMatchObject({ netCents: 29900, vatCents: 5681, grossCents: 35581 });
    const [invoice] = await shop.app.db.select().from(invoices).where(eq(invoices.id, ok.json().invoice_id));
    expect(invoice.proceedType).toBe('PaypalPayment');

    const extras = await post(shop.seller, { product_id: 'magic_matrix-permanent', extra_users_count: 1 });
    expect(extras.statusCode).toBe(400);
    expect(extras.json()).toMatchObject({
      slug: 'extra-not-available',
      fields: { extra_users_count: 'api_error_extra_not_available' },
    });
  });

  it('refuses a client amount, unit price or rows with 400 naming the field, and stores nothing', async () => {
    const before = await shop.app.db.select().from(invoices).where(eq(invoices.userId, shop.seller.uid));
    for (const field of ['amount', 'unit_price', 'rows']) {
      const res = await post(shop.seller, { ...FRESH_DESK_YEARLY, [field]: field === 'rows' ? [{ amount: 1 }] : 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().slug).toBe('validation-error');
      expect(res.json().message).toContain(field);
    }
    const after = await shop.app.db.select().from(invoices).where(eq(invoices.userId, shop.seller.uid));
    expect(after).toHaveLength(before.length);
  });

  it('answers bad input with 400 and the field', async () => {
    const tooMany = await post(shop.seller, { ...FRESH_DESK_YEARLY, extra_users_count: 47 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields).toEqual({ extra_users_count: 'validation_counter_invalid' });
    const noProduct = await post(shop.seller, { extra_users_count: 1 });
    expect(noProduct.statusCode).toBe(400);
    expect(noProduct.json().fields).toEqual({ product_id: 'validation_product_required' });
    const text = await shop.app.inject({
      method: 'POST',
      url: '/api/invoice',
      headers: { ...shop.seller.headers, 'content-type': 'application/json' },
      payload: '{"product_id":',
    });
    expect(text.statusCode).toBe(400);
  });

  it('404 for an unknown product, 400 for free and trial products', async () => {
    const unknown = await post(shop.seller, { product_id: 'nope-yearly' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().slug).toBe('product-not-found');
    for (const product_id of ['gpsr-free', 'fresh_desk-trial', 'mobile_default-free']) {
      const res = await post(shop.seller, { product_id });
      expect(res.statusCode).toBe(400);
      expect(res.json().slug).toBe('product-free-or-trial');
    }
  });

  it('requires the auto-upgrade consent for fresh_desk plans', async () => {
    const res = await post(shop.seller, { ...FRESH_DESK_YEARLY, auto_upgrade_consent: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      slug: 'auto-upgrade-consent-required',
      fields: { auto_upgrade_consent: 'api_error_auto_upgrade_consent_required' },
    });
    // Other plugins do not ask for it.
    expect((await post(shop.seller, { product_id: 'gpsr-basic-monthly' })).statusCode).toBe(201);
  });

  it('400 profile-incomplete for a buyer without contact data', async () => {
    const fresh = await registerUser(shop.app);
    const res = await post(fresh, FRESH_DESK_YEARLY);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      slug: 'profile-incomplete',
      message: 'Missing contact information or product price',
    });
  });

  it('403 for a sub-user, 401 without a token', async () => {
    const sub = await createSubUser(shop.app, shop.seller);
    const res = await post(sub, FRESH_DESK_YEARLY);
    expect(res.statusCode).toBe(403);
    expect(res.json().slug).toBe('forbidden-for-subuser');
    expect((await post(null, FRESH_DESK_YEARLY)).statusCode).toBe(401);
  });

  it("charges a buyer in another member state their state's rate while VIES has not confirmed the VAT ID", async () => {
    const austrian = await austrianBuyer(shop.app, 'ATU12345675');
    const bought = await buy(shop.app, austrian, { product_id: 'gpsr-basic-monthly' });
    // a right checksum that VIES does not know proves nothing: Austria's 20 %, not the reverse charge
    expect(bought.quote).toMatchObject({
      netCents: 990,
      vat: { kind: 'oss', ratePercent: 20, country: 'AT' },
      vatCents: 198,
      grossCents: 1188,
    });
  });
});

describe('GET /invoice/{id}/payment-check', () => {
  it('reports the status of an own invoice, 404 for a foreign or malformed id, 403 for a sub-user', async () => {
    const bought = await buy(shop.app, shop.seller, FRESH_DESK_YEARLY);
    const own = await check(shop.seller, bought.invoice_id);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ invoice_id: bought.invoice_id, payment: { status: 'Pending' }, invoice_number: null });

    const other = await buyer(shop.app);
    const foreign = await check(other, bought.invoice_id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().slug).toBe('invoice-not-found');
    expect((await check(shop.seller, 'not-a-uuid')).statusCode).toBe(404);
    expect((await check(shop.seller, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const sub = await createSubUser(shop.app, shop.seller);
    expect((await check(sub, bought.invoice_id)).statusCode).toBe(403);
    expect((await check(null, bought.invoice_id)).statusCode).toBe(401);
  });
});

describe('free and trial stay on POST /license/product/free_or_trial', () => {
  const activate = (who: TestIdentity, id: string) =>
    shop.app.inject({
      method: 'POST',
      url: `/api/license/product/free_or_trial?licenseProductID=${id}`,
      headers: who.headers,
    });

  it('one free license per plugin and account, also when activated twice at once', async () => {
    const a = await buyer(shop.app);
    const results = await Promise.all([activate(a, 'gpsr-free'), activate(a, 'gpsr-free')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await activate(a, 'gpsr-free')).json().slug).toBe('license-already-active');
    // The trial of the same plugin is a separate allowance, once.
    expect((await activate(a, 'gpsr-trial')).statusCode).toBe(201);
    expect((await activate(a, 'gpsr-trial')).json().slug).toBe('trial-already-used');
  });
});

describe('OpenAPI', () => {
  it('documents the purchase and payment routes from their zod schemas', async () => {
    const doc = (await shop.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/invoice/', '/api/invoice/{id}/payment-check', '/api/payment/webhook/{provider}']),
    );
    const body = doc.paths['/api/invoice/'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties).sort()).toEqual(
      ['auto_upgrade_consent', 'extra_email_blocks', 'extra_users_count', 'product_id'].sort(),
    );
    expect(body.additionalProperties).toBe(false);
  });
});
