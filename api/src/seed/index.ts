import type { FastifyInstance } from 'fastify';
import { seedDemoAccounts } from './demo';
import { seedDemoDataSource } from './demo-data-source';
import { seedDemoInvoices } from './demo-invoices';
import { seedDemoLicenses } from './demo-licenses';

export type DemoSeeder = { name: string; run(app: FastifyInstance): Promise<void> };

/**
 * Demo seeders, run in order when SEED_DEMO=true. Each must be idempotent (a second start keeps
 * data). Later modules append theirs here (e.g. catalogue, then demo licenses).
 */
export const demoSeeders: DemoSeeder[] = [
  { name: 'accounts', run: seedDemoAccounts },
  // The catalogue itself is synced at every start by the catalogue module (not demo data).
  { name: 'licenses', run: seedDemoLicenses },
  { name: 'data-source', run: seedDemoDataSource },
  { name: 'invoices', run: seedDemoInvoices },
];

export async function seedDemo(app: FastifyInstance, seeders: DemoSeeder[] = demoSeeders): Promise<void> {
  for (const seeder of seeders) {
    await seeder.run(app);
    app.log.info({ seeder: seeder.name }, 'demo data ready');
  }
}
