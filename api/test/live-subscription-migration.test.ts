// Migration 0014 adds the unique index of live subscriptions (one per seller and plan). A database that already holds
// duplicates (parallel purchases paid twice) is migrated too: the newest stays live, the older ones are ended first.
import { databaseBefore } from './older-migrations';

it('ends the older of two live subscriptions of one seller and plan, and fills the plan from the license', async () => {
  const db = await databaseBefore('0014_one_purchase_in_flight');
  const { pg } = db;
  try {
    await pg.exec(`
      INSERT INTO users (id, email) VALUES ('u1', 'one@shop.test'), ('u2', 'two@shop.test');
      INSERT INTO products (id, name, plugin_name, price_amount, license_type) VALUES
        ('p-monthly', 'Plan monthly', 'gpsr', 990, 'subscription'),
        ('p-yearly', 'Plan yearly', 'gpsr', 9900, 'subscription');
      INSERT INTO licenses (id, user_id, product_id, key) VALUES
        ('00000000-0000-4000-8000-0000000000a1', 'u1', 'p-monthly', 'K-A1'),
        ('00000000-0000-4000-8000-0000000000a2', 'u1', 'p-monthly', 'K-A2'),
        ('00000000-0000-4000-8000-0000000000a3', 'u1', 'p-yearly', 'K-A3'),
        ('00000000-0000-4000-8000-0000000000b1', 'u2', 'p-monthly', 'K-B1');
      INSERT INTO subscriptions (id, user_id, license_id, status, created_at) VALUES
        ('00000000-0000-4000-8000-000000000001', 'u1', '00000000-0000-4000-8000-0000000000a1', 'Active', '2026-01-01'),
        ('00000000-0000-4000-8000-000000000002', 'u1', '00000000-0000-4000-8000-0000000000a2', 'Inactive', '2026-01-02'),
        ('00000000-0000-4000-8000-000000000003', 'u1', '00000000-0000-4000-8000-0000000000a3', 'Active', '2026-01-01'),
        ('00000000-0000-4000-8000-000000000004', 'u2', '00000000-0000-4000-8000-0000000000b1', 'Active', '2026-01-01'),
        ('00000000-0000-4000-8000-000000000005', 'u2', '00000000-0000-4000-8000-0000000000b1', 'Expired', '2025-01-01');
    `);
    await db.migrateUntil('0015_gpsr_outlives_account');

    const rows = await pg.query<{ id: string; product_id: string; status: string; cancel_at_period_end: boolean }>(
      'SELECT id, product_id, status, cancel_at_period_end FROM subscriptions ORDER BY id',
    );
    expect(rows.rows.map((r) => [r.id.slice(-1), r.product_id, r.status])).toEqual([
      ['1', 'p-monthly', 'Cancelled'], // the older duplicate is ended
      ['2', 'p-monthly', 'Inactive'],
      ['3', 'p-yearly', 'Active'],
      ['4', 'p-monthly', 'Active'],
      ['5', 'p-monthly', 'Expired'],
    ]);
    expect(rows.rows[0].cancel_at_period_end).toBe(true);

    // From now on the database refuses a second live subscription of the plan.
    await expect(
      pg.exec(`INSERT INTO subscriptions (user_id, license_id, status)
        VALUES ('u2', '00000000-0000-4000-8000-0000000000b1', 'Active')`),
    ).rejects.toMatchObject({ code: '23505' });
  } finally {
    await db.close();
  }
});

it('keeps the newest of two live subscriptions of one seller and plugin, and refuses a second one from then on', async () => {
  const db = await databaseBefore('0021_one_subscription_per_plugin');
  const { pg } = db;
  try {
    await pg.exec(`
      INSERT INTO users (id, email) VALUES ('u1', 'one@shop.test');
      INSERT INTO products (id, name, plugin_name, price_amount, license_type) VALUES
        ('g-basic', 'GPSR Basic', 'gpsr', 990, 'subscription'),
        ('g-optimal', 'GPSR Optimal', 'gpsr', 4990, 'subscription'),
        ('m-basic', 'Mobile Basic', 'mobile', 990, 'subscription');
      INSERT INTO licenses (id, user_id, product_id, key) VALUES
        ('00000000-0000-4000-8000-0000000000a1', 'u1', 'g-basic', 'K-A1'),
        ('00000000-0000-4000-8000-0000000000a2', 'u1', 'g-optimal', 'K-A2'),
        ('00000000-0000-4000-8000-0000000000a3', 'u1', 'm-basic', 'K-A3');
      INSERT INTO subscriptions (id, user_id, license_id, status, created_at) VALUES
        ('00000000-0000-4000-8000-000000000001', 'u1', '00000000-0000-4000-8000-0000000000a1', 'Active', '2026-01-01'),
        ('00000000-0000-4000-8000-000000000002', 'u1', '00000000-0000-4000-8000-0000000000a2', 'Active', '2026-02-01'),
        ('00000000-0000-4000-8000-000000000003', 'u1', '00000000-0000-4000-8000-0000000000a3', 'Active', '2026-01-01');
    `);
    await db.migrateUntil();

    const rows = await pg.query<{ id: string; plugin_name: string; status: string }>(
      'SELECT id, plugin_name, status FROM subscriptions ORDER BY id',
    );
    expect(rows.rows.map((r) => [r.id.slice(-1), r.plugin_name, r.status])).toEqual([
      ['1', 'gpsr', 'Cancelled'], // the older plan of the plugin is ended
      ['2', 'gpsr', 'Active'],
      ['3', 'mobile', 'Active'], // another plugin is another subscription
    ]);
    // Another plan of the plugin cannot become a second live subscription (the plugin comes from the license).
    await expect(
      pg.exec(`INSERT INTO subscriptions (user_id, license_id, status)
        VALUES ('u1', '00000000-0000-4000-8000-0000000000a1', 'Active')`),
    ).rejects.toMatchObject({ code: '23505' });
  } finally {
    await db.close();
  }
});
