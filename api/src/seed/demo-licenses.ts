// Demo seeder: the demo seller's licenses (and the subscriptions behind the subscription ones) and the staff
// account's GPSR license, written through the license and subscription modules.
import type { FastifyInstance } from 'fastify';
import { upsertLicenseByKey } from '../modules/license';
import { createSubscription, findSubscriptionOfLicense, setSubscriptionPeriodEnd } from '../modules/subscription';
import { findUserByEmail } from '../modules/user';
import { DEMO_SELLER, DEMO_STAFF } from './demo';

const DAY_MS = 86_400_000;

/** The demo seller's licenses; fixed keys make the seeder idempotent. Expiries are relative to the start. */
const DEMO_LICENSES: {
  key: string;
  productId: string;
  createdDaysAgo: number;
  expiresInDays: number | null;
  extraOptions?: Record<string, unknown>;
  /** Subscription products get their subscriptions row (the Renewal column of /licenses). */
  subscription?: { cancelAtPeriodEnd: boolean };
}[] = [
  // active paid fresh_desk (yearly plan)
  {
    key: 'FD-DEMO-0001-ACTV',
    productId: 'fresh_desk-advanced-yearly',
    createdDaysAgo: 165,
    expiresInDays: 200,
    subscription: { cancelAtPeriodEnd: false },
  },
  // expiring soon: the seller cancelled it at the end of its period (so the renewal job does not renew it)
  {
    key: 'GPSR-DEMO-0002-SOON',
    productId: 'gpsr-basic-monthly',
    createdDaysAgo: 27,
    expiresInDays: 3,
    subscription: { cancelAtPeriodEnd: true },
  },
  // expired (the fresh_desk trial, so the trial is used up too)
  { key: 'FD-DEMO-0003-EXPD', productId: 'fresh_desk-trial', createdDaysAgo: 170, expiresInDays: -167 },
  // free, no expiry
  { key: 'MOB-DEMO-0004-FREE', productId: 'mobile_default-free', createdDaysAgo: 60, expiresInDays: null },
  // active mobile plan allowing 3 sub-users
  {
    key: 'MOB-DEMO-0005-ECON',
    productId: 'mobile-economical-monthly',
    createdDaysAgo: 10,
    expiresInDays: 20,
    subscription: { cancelAtPeriodEnd: false },
  },
];

/** Demo seeder: runs after the accounts seeder, so the demo seller's row exists. */
export async function seedDemoLicenses(app: FastifyInstance): Promise<void> {
  const seller = await findUserByEmail(app.db, DEMO_SELLER.email);
  if (!seller) throw new Error('demo licenses need the demo seller; run the accounts seeder first');
  const now = Date.now();
  for (const l of DEMO_LICENSES) {
    const values = {
      userId: seller.id,
      productId: l.productId,
      key: l.key,
      status: 'active' as const,
      createdAt: new Date(now - l.createdDaysAgo * DAY_MS),
      expiresAt: l.expiresInDays === null ? null : new Date(now + l.expiresInDays * DAY_MS),
      licenseUsers: [{ type: 'email' as const, value: seller.email }],
      extraOptions: l.extraOptions ?? {},
    };
    // Keep the same rows on every start, but move the dates so "expiring soon" stays true for the demo.
    const license = await upsertLicenseByKey(app.db, values);
    if (l.subscription) {
      const periodUnit = l.productId.endsWith('-yearly') ? 'year' : 'month';
      await seedDemoSubscription(app, seller.id, license.id, values.expiresAt, { ...l.subscription, periodUnit });
    }
  }
  await seedDemoStaffGpsrLicense(app);
}

/**
 * The subscription behind a demo subscription license: created once (status, cancel flag), later starts only move its
 * period end with the license's moved expiry, so what the seller did in the demo (cancel) stays.
 */
async function seedDemoSubscription(
  app: FastifyInstance,
  userId: string,
  licenseId: string,
  periodEnd: Date | null,
  opts: { cancelAtPeriodEnd: boolean; periodUnit: 'month' | 'year' },
): Promise<void> {
  const existing = await findSubscriptionOfLicense(app.db, licenseId);
  if (existing) {
    await setSubscriptionPeriodEnd(app.db, existing.id, periodEnd);
    return;
  }
  await createSubscription(app.db, {
    userId,
    licenseId,
    status: 'Active',
    periodUnit: opts.periodUnit,
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: opts.cancelAtPeriodEnd,
    cancelRequestedAt: opts.cancelAtPeriodEnd ? new Date() : null,
  });
}

/**
 * The GPSR card is for staff (registry audience 'internal'); the staff account gets a valid gpsr license too, so it
 * can open /features/gpsr and show the GPSR records like the licensed demo seller.
 */
export async function seedDemoStaffGpsrLicense(app: FastifyInstance): Promise<void> {
  const staff = await findUserByEmail(app.db, DEMO_STAFF.email);
  if (!staff) return;
  const now = Date.now();
  const values = {
    userId: staff.id,
    productId: 'gpsr-basic-monthly',
    key: 'GPSR-STAFF-0001-DEMO',
    status: 'active' as const,
    createdAt: new Date(now - 30 * DAY_MS),
    expiresAt: new Date(now + 335 * DAY_MS),
    licenseUsers: [{ type: 'email' as const, value: staff.email }],
    extraOptions: {},
  };
  await upsertLicenseByKey(app.db, values);
}
