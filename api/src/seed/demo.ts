import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { avvAcceptances, profiles, users } from '../db/schema';
import { createUserRow } from '../modules/user/service';

export interface DemoAccount {
  uid: string;
  email: string;
  password: string;
  displayName: string;
}

// Fixed uids keep api rows and Firebase accounts together when the (in-memory) emulator restarts.
export const DEMO_SELLER: DemoAccount = {
  uid: 'demo-seller-0001',
  email: 'demo@portal.test',
  password: 'demo1234',
  displayName: 'Anna Schneider',
};
export const DEMO_STAFF: DemoAccount = {
  uid: 'demo-staff-0001',
  email: 'staff@portal.test',
  password: 'staff1234',
  displayName: 'Portal Staff',
};

export const DEMO_SELLER_PROFILE = {
  firstName: 'Anna',
  lastName: 'Schneider',
  companyName: 'Schneider Haushaltswaren GmbH',
  country: 'DE',
  city: 'Köln',
  street: 'Ehrenstraße',
  houseNumber: '42',
  postalCode: '50672',
  invoiceEmail: 'buchhaltung@schneider-haushaltswaren.example',
  vatId: 'DE123456789',
  phone: '4922112345678',
};

/** Makes sure the Firebase account exists with the demo password and a verified email. */
export async function ensureFirebaseAccount(app: FastifyInstance, account: DemoAccount): Promise<string> {
  const auth = app.firebaseAuth;
  try {
    const existing = await auth.getUserByEmail(account.email);
    return existing.uid;
  } catch (err) {
    if ((err as { code?: string }).code !== 'auth/user-not-found') throw err;
  }
  const created = await auth.createUser({
    uid: account.uid,
    email: account.email,
    password: account.password,
    displayName: account.displayName,
    emailVerified: true,
  });
  return created.uid;
}

async function ensureRow(app: FastifyInstance, uid: string, email: string) {
  const [row] = await app.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (row && row.id === uid) return row;
  // The Firebase account was recreated under another uid (e.g. a foreign emulator state): move the row over.
  if (row) await app.db.delete(users).where(eq(users.id, row.id));
  return createUserRow(app, { id: uid, email });
}

/** Demo seller with a complete profile and accepted AVV, plus the internal staff account. */
export async function seedDemoAccounts(app: FastifyInstance): Promise<void> {
  const sellerUid = await ensureFirebaseAccount(app, DEMO_SELLER);
  const seller = await ensureRow(app, sellerUid, DEMO_SELLER.email);
  const [profile] = await app.db.select().from(profiles).where(eq(profiles.userId, seller.id));
  if (!profile || !profile.firstName) {
    await app.db
      .insert(profiles)
      .values({ userId: seller.id, ...DEMO_SELLER_PROFILE })
      .onConflictDoUpdate({ target: profiles.userId, set: DEMO_SELLER_PROFILE });
  }
  if (!seller.avvAcceptedDate) {
    const now = new Date();
    await app.db.update(users).set({ avvAcceptedDate: now, avvVersion: app.config.avvVersion }).where(eq(users.id, seller.id));
    await app.db.insert(avvAcceptances).values({ userId: seller.id, version: app.config.avvVersion, acceptedAt: now });
  }

  const staffUid = await ensureFirebaseAccount(app, DEMO_STAFF);
  await ensureRow(app, staffUid, DEMO_STAFF.email);
}
