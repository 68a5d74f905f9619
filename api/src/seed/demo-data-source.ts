import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { findUserByEmail } from '../modules/user';
import { insertDataSourceIfNone } from '../modules/user/ds';
import { DEMO_SELLER } from './demo';

/**
 * Demo seeder: a JTL-Wawi connection for the demo seller, so the dashboard's card readiness (data source
 * configured) is met. It was never tested (status 'validate'); an existing one is left untouched.
 */
export async function seedDemoDataSource(app: FastifyInstance): Promise<void> {
  const seller = await findUserByEmail(app.db, DEMO_SELLER.email);
  if (!seller) throw new Error('the demo data source needs the demo seller; run the accounts seeder first');
  await insertDataSourceIfNone(app.db, {
    userId: seller.id,
    engine: 'mssql',
    host: 'wawi.schneider-haushaltswaren.example',
    port: 1433,
    database: 'eazybusiness',
    dbUser: 'portal',
    passwordEncrypted: app.crypto.encrypt(crypto.randomBytes(12).toString('base64url')),
    userEmails: [seller.email],
    status: 'validate',
  });
}
