import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { profiles, users, type UserRow } from '../db/schema';
import { acceptVersion, currentAcceptance } from '../modules/avv';
import { createUserRow } from '../modules/user';

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
  vatId: 'DE123456788',
  phone: '4922112345678',
};

export const DEMO_STAFF_PROFILE = {
  firstName: 'Jonas',
  lastName: 'Weber',
  companyName: 'Portal Betrieb (intern)',
  country: 'DE',
  city: 'Berlin',
  street: 'Invalidenstraße',
  houseNumber: '7',
  postalCode: '10115',
  invoiceEmail: 'staff@portal.test',
  vatId: '',
  phone: '',
};

/**
 * `npm start` starts the api beside the Auth emulator, which may not answer yet: the demo accounts wait until it
 * does. Without an emulator (a real Firebase project) nothing waits.
 */
export async function untilAuthEmulatorAnswers(host: string | null, timeoutMs = 120_000): Promise<void> {
  if (!host) return;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answered = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (answered) return;
    if (Date.now() > deadline) throw new Error(`the Auth emulator at ${host} did not answer in ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const existingUid = async (app: FastifyInstance, email: string): Promise<string | null> => {
  try {
    return (await app.firebaseAuth.getUserByEmail(email)).uid;
  } catch (err) {
    if ((err as { code?: string }).code === 'auth/user-not-found') return null;
    throw err;
  }
};

/** Makes sure the Firebase account exists with the demo password and a verified email. */
export async function ensureFirebaseAccount(app: FastifyInstance, account: DemoAccount): Promise<string> {
  const uid = await existingUid(app, account.email);
  if (uid) return uid;
  try {
    const created = await app.firebaseAuth.createUser({
      uid: account.uid,
      email: account.email,
      password: account.password,
      displayName: account.displayName,
      emailVerified: true,
    });
    return created.uid;
  } catch (err) {
    // The emulator answers before it has imported the accounts kept from the last run: the account arrived meanwhile.
    const code = (err as { code?: string }).code;
    const arrived = code === 'auth/uid-already-exists' || code === 'auth/email-already-exists';
    const uidNow = arrived ? await existingUid(app, account.email) : null;
    if (uidNow) return uidNow;
    throw err;
  }
}

async function ensureRow(app: FastifyInstance, uid: string, email: string) {
  const [row] = await app.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (row && row.id === uid) return row;
  // The Firebase account was recreated under another uid (e.g. a foreign emulator state): move the row over.
  if (row) await app.db.delete(users).where(eq(users.id, row.id));
  return createUserRow(app.db, { id: uid, email });
}

/** Complete profile and accepted AVV, unless the account already has them (a second start keeps edits). */
async function ensureOnboarded(app: FastifyInstance, user: UserRow, contact: typeof DEMO_SELLER_PROFILE) {
  const [profile] = await app.db.select().from(profiles).where(eq(profiles.userId, user.id));
  if (!profile || !profile.firstName) {
    await app.db
      .insert(profiles)
      .values({ userId: user.id, ...contact })
      .onConflictDoUpdate({ target: profiles.userId, set: contact });
  }
  // The first acceptance only: a version staff publish later is for the demo accounts to accept like anyone.
  if (!user.avvAcceptedDate) {
    const { version } = await currentAcceptance(app.db, user);
    await acceptVersion(app.db, user, version.id);
  }
}

/** Demo seller and internal staff account, both with a complete profile and accepted AVV. */
export async function seedDemoAccounts(app: FastifyInstance): Promise<void> {
  await untilAuthEmulatorAnswers(app.config.firebase.authEmulatorHost);
  const sellerUid = await ensureFirebaseAccount(app, DEMO_SELLER);
  await ensureOnboarded(app, await ensureRow(app, sellerUid, DEMO_SELLER.email), DEMO_SELLER_PROFILE);

  const staffUid = await ensureFirebaseAccount(app, DEMO_STAFF);
  await ensureOnboarded(app, await ensureRow(app, staffUid, DEMO_STAFF.email), DEMO_STAFF_PROFILE);
}
