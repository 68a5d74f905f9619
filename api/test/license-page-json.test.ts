import { licensePageSchema, type License } from '@portal/shared/domain';
import { eq, sql } from 'drizzle-orm';
import { licenses, products, subscriptions } from '../src/db/schema';
import { toLicense } from '../src/modules/license/license-mapper';
import { createTestApp, registerUser, type TestApp, type TestIdentity } from './helpers';

// The license page is built from plain columns (listOwnerLicensePage, licenseItem); these tests hold it to what the
// License mapper and the response schema make of the same rows.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => t?.close());

const APPROVAL_URL = 'https://www.paypal.com/webapps/billing/subscriptions?ba_token=BA-0000000000000000';

async function seed(owner: TestIdentity) {
  const [product] = await t.app.db.select().from(products).where(eq(products.id, 'fresh_desk-basic-monthly'));
  const insert = (key: string, createdAt: string, expiresAt: string | null, extra: object, users: object) =>
    t.app.db.execute(sql`
      INSERT INTO licenses (user_id, product_id, key, status, created_at, expires_at, extra_options, license_users)
      VALUES (${owner.uid}, ${product.id}, ${key}, 'active', ${createdAt}::timestamptz, ${expiresAt}::timestamptz,
              ${JSON.stringify(extra)}::jsonb, ${JSON.stringify(users)}::jsonb)`);
  // Microseconds in the timestamps: both forms cut them to milliseconds.
  await insert(
    `${owner.uid}-own-options`,
    '2026-01-02 03:04:05.678999+00',
    '2999-12-31 23:59:59.999999+00',
    // A key the schema does not know is not sent, a known one overrides the product's value.
    { extra_users_count: 2, max_users: 7, internal_note: 'not for clients' },
    [
      { type: 'domain', value: 'shop.example.de', registeredBy: 'not for clients' },
      { type: 'email', value: 'äöü "quoted" \\ / \u0007@example.de' },
    ],
  );
  await insert(`${owner.uid}-expired`, '2026-01-03 00:00:00.000001+00', '2026-01-04 00:00:00+00', {}, []);
  await insert(`${owner.uid}-subscribed`, '2026-01-05 12:00:00+00', null, {}, []);
  const [subscribed] = await t.app.db
    .select()
    .from(licenses)
    .where(eq(licenses.key, `${owner.uid}-subscribed`));
  const [subscription] = await t.app.db
    .insert(subscriptions)
    .values({
      userId: owner.uid,
      licenseId: subscribed.id,
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date('2026-02-05T12:00:00.123Z'),
      scheduledChange: {
        product_id: 'fresh_desk-optimal-monthly',
        extra_users_count: 0,
        extra_email_blocks: 0,
        auto_upgrade_consent: false,
        requested_at: '2026-01-20T00:00:00.000Z',
      },
      providerApproval: { url: APPROVAL_URL, plan_ref: 'P-0000000000000000', requested_at: '2026-01-20T00:00:00.000Z' },
    })
    .returning();
  return { product, subscription };
}

/** The page as the License mapper and the response schema make it of the stored rows (newest first). */
async function expectedPage(owner: TestIdentity, subscription: { id: string; licenseId: string | null }) {
  const rows = await t.app.db
    .select({ license: licenses, product: products })
    .from(licenses)
    .innerJoin(products, eq(products.id, licenses.productId))
    .where(eq(licenses.userId, owner.uid));
  const [optimal] = await t.app.db.select().from(products).where(eq(products.id, 'fresh_desk-optimal-monthly'));
  const items: License[] = rows
    .map((r) => ({
      ...toLicense(r.license, r.product),
      subscription:
        r.license.id === subscription.licenseId
          ? {
              id: subscription.id,
              status: 'Active' as const,
              cancelAtPeriodEnd: true,
              currentPeriodEnd: '2026-02-05T12:00:00.123Z',
              renewalInvoice: null,
              // the plan change waiting for the period end, named by its product
              scheduledChange: {
                productId: 'fresh_desk-optimal-monthly',
                productName: optimal.name,
                effectiveAt: '2026-02-05T12:00:00.123Z',
              },
              // the new price waits for the seller's approval at the payment provider
              providerApprovalUrl: APPROVAL_URL,
            }
          : null,
    }))
    .sort((a, b) => b.licenseCreated.localeCompare(a.licenseCreated));
  return licensePageSchema.parse({ items, total: items.length, page: 1, pageSize: 10 });
}

describe('the license page built from the database rows', () => {
  it('is what the mapper and the response schema make of the rows, with no key the schema does not know', async () => {
    const owner = await registerUser(t.app);
    const { subscription } = await seed(owner);
    const res = await t.app.inject({ url: '/api/license/all?page=1&pageSize=10', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    expect(body).toEqual(await expectedPage(owner, subscription));
    // Nothing beyond the schema: parsing (which drops unknown keys) changes nothing.
    expect(licensePageSchema.parse(body)).toEqual(body);
    expect(res.body).not.toContain('not for clients');
    const own = body.items.find((l: License) => l.key.endsWith('-own-options'));
    expect(own.licenseCreated).toBe('2026-01-02T03:04:05.678Z');
    expect(own.licenseTypeDetails.extraOptions).toMatchObject({ extra_users_count: 2, max_users: 7 });
    expect(body.items.find((l: License) => l.key.endsWith('-expired')).status).toBe('inactive');
  });

  it('filters and pages in the database; another account sees none of it', async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    await seed(owner);
    const filter = (who: TestIdentity, body: object) =>
      t.app.inject({ method: 'POST', url: '/api/license/filter', headers: who.headers, payload: body });
    const inactive = (await filter(owner, { status: 'inactive' })).json();
    expect(inactive.items.map((l: License) => l.key)).toEqual([`${owner.uid}-expired`]);
    expect(inactive.total).toBe(1);
    const second = (await filter(owner, { page: 2, pageSize: 2 })).json();
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((l: License) => l.key)).toEqual([`${owner.uid}-own-options`]);
    expect((await filter(owner, { page: 5, pageSize: 2 })).json()).toEqual({
      items: [],
      total: 3,
      page: 5,
      pageSize: 2,
    });
    expect((await filter(other, {})).json()).toMatchObject({ items: [], total: 0 });
  });
});
