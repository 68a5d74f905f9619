// Migration 0009 turns the acceptances stored before AVV versions existed into acceptances of version 1.
import { databaseBefore } from './older-migrations';

const V1_ID = '00000000-0000-4000-8000-000000000001';

it('keeps every earlier acceptance as one acceptance of version 1, by the account email', async () => {
  const db = await databaseBefore('0009_avv_versions');
  const { pg } = db;
  try {
    await pg.exec(`
      INSERT INTO users (id, email) VALUES ('u1', 'one@shop.test'), ('u2', 'two@shop.test'), ('u3', 'three@shop.test');
      INSERT INTO avv_acceptances (user_id, version, accepted_at) VALUES
        ('u1', '2026-01', '2026-02-01T10:00:00Z'),
        ('u1', '2026-01', '2026-03-01T10:00:00Z'),
        ('u2', '2026-01', '2026-04-01T10:00:00Z');
    `);
    await db.migrateUntil();

    const versions = await pg.query<{ id: string; version: string; text_de: string; sub_processors: unknown[] }>(
      'SELECT id, version, text_de, sub_processors FROM avv_versions',
    );
    expect(versions.rows).toHaveLength(1);
    expect(versions.rows[0]).toMatchObject({ id: V1_ID, version: '2026-01' });
    expect(versions.rows[0].text_de).toContain('## 8. Technische und organisatorische Maßnahmen');
    expect(versions.rows[0].sub_processors).toHaveLength(3);

    const rows = await pg.query<{ user_id: string; version_id: string; accepted_by_email: string; accepted_at: Date }>(
      'SELECT user_id, version_id, accepted_by_email, accepted_at FROM avv_acceptances ORDER BY user_id',
    );
    expect(rows.rows.map((r) => [r.user_id, r.version_id, r.accepted_by_email, r.accepted_at.toISOString()])).toEqual([
      ['u1', V1_ID, 'one@shop.test', '2026-02-01T10:00:00.000Z'],
      ['u2', V1_ID, 'two@shop.test', '2026-04-01T10:00:00.000Z'],
    ]);
  } finally {
    await db.close();
  }
});
