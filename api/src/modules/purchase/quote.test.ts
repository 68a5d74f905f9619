// POST /invoice/quote: the purchase dialog's amounts, priced like POST /invoice and writing nothing.
import { count } from 'drizzle-orm';
import { invoices, paymentEvents, payments, postPaymentSteps } from '../../db/schema';
import { createSubUser, registerUser, type TestIdentity } from '../../../test/helpers';
import {
  austrianBuyer,
  buy,
  catalogueQuote,
  useShopWithSeller,
  FRESH_DESK_YEARLY,
} from '../../../test/payment/purchase-helpers';

const shop = useShopWithSeller();

const quote = (who: TestIdentity | null, payload: unknown) =>
  shop.app.inject({ method: 'POST', url: '/api/invoice/quote', headers: who?.headers, payload: payload as object });

/** Rows of every table a purchase writes. */
async function rowCounts() {
  const db = shop.app.db;
  const of = async (table: typeof invoices | typeof payments | typeof paymentEvents | typeof postPaymentSteps) =>
    (await db.select({ n: count() }).from(table))[0].n;
  return {
    invoices: await of(invoices),
    payments: await of(payments),
    events: await of(paymentEvents),
    steps: await of(postPaymentSteps),
  };
}

describe('POST /invoice/quote', () => {
  it('answers the priced rows, net, VAT and gross of POST /invoice and writes nothing', async () => {
    const before = await rowCounts();
    const res = await quote(shop.seller, FRESH_DESK_YEARLY);
    expect(res.statusCode).toBe(200);
    // 199,00 € a year + 2 × 36,00 € extra users, 19 % VAT (the seller's profile is German).
    expect(res.json()).toEqual(await catalogueQuote(shop.app, 'fresh_desk-basic-yearly', { extra_users_count: 2 }));
    expect(res.json()).toMatchObject({
      currency: 'EUR',
      netCents: 27100,
      vat: { kind: 'standard', ratePercent: 19 },
      vatCents: 5149,
      grossCents: 32249,
    });
    expect(res.json().rows.map((r: { kind: string }) => r.kind)).toEqual(['base', 'extra_users']);
    // Asked again and again (a dialog opened and closed): still nothing written.
    for (let i = 0; i < 3; i += 1) expect((await quote(shop.seller, FRESH_DESK_YEARLY)).statusCode).toBe(200);
    expect(await rowCounts()).toEqual(before);

    // Confirming buys exactly what was quoted.
    const bought = await buy(shop.app, shop.seller, FRESH_DESK_YEARLY);
    expect(bought.quote).toEqual(res.json());
    expect((await rowCounts()).invoices).toBe(before.invoices + 1);
  });

  it('400 with field details for bad input, 404 for an unknown product, and nothing written', async () => {
    const before = await rowCounts();
    const tooMany = await quote(shop.seller, { ...FRESH_DESK_YEARLY, extra_users_count: 47 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      slug: 'validation-error',
      fields: { extra_users_count: 'validation_counter_invalid' },
    });
    const noProduct = await quote(shop.seller, { extra_users_count: 1 });
    expect(noProduct.statusCode).toBe(400);
    expect(noProduct.json().fields).toEqual({ product_id: 'validation_product_required' });
    const amount = await quote(shop.seller, { ...FRESH_DESK_YEARLY, amount: 1 });
    expect(amount.statusCode).toBe(400);
    expect(amount.json().message).toContain('amount');
    const extras = await quote(shop.seller, { product_id: 'magic_matrix-permanent', extra_users_count: 1 });
    expect(extras.statusCode).toBe(400);
    expect(extras.json()).toMatchObject({
      slug: 'extra-not-available',
      fields: { extra_users_count: 'api_error_extra_not_available' },
    });
    const consent = await quote(shop.seller, { ...FRESH_DESK_YEARLY, auto_upgrade_consent: false });
    expect(consent.statusCode).toBe(400);
    expect(consent.json().fields).toEqual({ auto_upgrade_consent: 'api_error_auto_upgrade_consent_required' });
    expect((await quote(shop.seller, { product_id: 'gpsr-free' })).json().slug).toBe('product-free-or-trial');
    const unknown = await quote(shop.seller, { product_id: 'nope-yearly' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().slug).toBe('product-not-found');
    const incomplete = await quote(await registerUser(shop.app), FRESH_DESK_YEARLY);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().slug).toBe('profile-incomplete');
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a sub-user (403) and a request without a token (401)', async () => {
    const sub = await createSubUser(shop.app, shop.seller);
    const res = await quote(sub, FRESH_DESK_YEARLY);
    expect(res.statusCode).toBe(403);
    expect(res.json().slug).toBe('forbidden-for-subuser');
    expect((await quote(null, FRESH_DESK_YEARLY)).statusCode).toBe(401);
    const forged = await quote({ ...shop.seller, headers: { authorization: 'Bearer not-a-token' } }, FRESH_DESK_YEARLY);
    expect(forged.statusCode).toBe(401);
  });

  it('prices the EU reverse charge from the buyer\u2019s own invoice address once VIES confirmed the VAT ID', async () => {
    const austrian = await austrianBuyer(shop.app, 'ATU13585627');
    const res = await quote(austrian, { product_id: 'gpsr-basic-monthly' });
    expect(res.json()).toMatchObject({ netCents: 990, vat: { kind: 'reverse_charge' }, vatCents: 0, grossCents: 990 });
  });
});
