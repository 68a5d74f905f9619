import { sql } from 'drizzle-orm';
import { refreshStatistics } from '../src/jobs/statistics';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => t?.close());

/** What the planner believes a table holds: -1 until the table was first analyzed. */
const plannedRows = async (table: string) => {
  const result = await t.app.db.execute(sql`SELECT reltuples FROM pg_class WHERE relname = ${table}`);
  return Number((result as unknown as { rows: { reltuples: number }[] }).rows[0].reltuples);
};

describe('the statistics job (PGlite runs no autovacuum)', () => {
  it('analyzes the database once a day', async () => {
    await t.app.db.execute(sql`
      INSERT INTO users (id, email) SELECT 'stats-' || g, 'stats-' || g || '@portal.test' FROM generate_series(1, 300) g`);
    // Nothing else analyzes a PGlite database (on PostgreSQL autovacuum may have, meanwhile).
    if (t.app.dbHandle.driver === 'pglite') expect(await plannedRows('users')).toBeLessThan(300);
    const day = new Date('2031-03-04T02:00:00Z');

    const first = await refreshStatistics(t.app.db, day);
    expect(first).toMatchObject({ ran: true, period: '2031-03-04', summary: { ms: expect.any(Number) } });
    expect(await plannedRows('users')).toBeGreaterThanOrEqual(300);

    expect(await refreshStatistics(t.app.db, new Date('2031-03-04T23:00:00Z'))).toMatchObject({ ran: false });
    expect(await refreshStatistics(t.app.db, new Date('2031-03-05T02:00:00Z'))).toMatchObject({ ran: true });
  });
});
