import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { eq, inArray, sql } from 'drizzle-orm';
import * as schema from '../src/db/schema';
import {
  completeProfile,
  createSubUser,
  createTestApp,
  grantMobileLicense,
  registerUser,
  type TestApp,
} from './helpers';

// Issue 14: deleting an account erases the person's rows in every table; invoices stay (retention), detached.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const tables = (Object.values(schema) as unknown[]).filter(
  (v): v is PgTable => typeof v === 'object' && v !== null && Symbol.for('drizzle:IsDrizzleTable') in v,
);

/** Rows of any table whose user_id / parent_user_id names one of `ids`. */
async function referencing(ids: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) {
    const { name, columns } = getTableConfig(table);
    for (const column of columns.filter((c) => c.name === 'user_id' || c.name === 'parent_user_id')) {
      const rows = await t.app.db.execute(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)} WHERE ${sql.identifier(column.name)} IN ${ids}`,
      );
      const n = Number((rows as unknown as { rows: { n: number }[] }).rows[0].n);
      if (n) out[`${name}.${column.name}`] = n;
    }
  }
  return out;
}

it('DELETE /api/user leaves no row of the person or their sub-users in any table; invoices stay detached', async () => {
  const a = await registerUser(t.app);
  await completeProfile(t.app, a);
  await grantMobileLicense(t.app, a.uid, 3);
  const sub = await createSubUser(t.app, a, 'Sub');
  const message = `erase-me ${a.uid}`;
  for (const who of [a, sub]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/contact-us',
      headers: who.headers,
      payload: { name: 'Erika', phone: '4940123456', email: who.email, message },
    });
    expect(res.statusCode).toBe(201);
  }
  const before = await referencing([a.uid, sub.uid]);
  expect(Object.keys(before)).toEqual(
    expect.arrayContaining([
      'users.parent_user_id',
      'profiles.user_id',
      'licenses.user_id',
      'contact_requests.user_id',
    ]),
  );

  const res = await t.app.inject({ method: 'DELETE', url: '/api/user', headers: a.headers });
  expect(res.statusCode).toBe(204);

  expect(await referencing([a.uid, sub.uid])).toEqual({});
  const users = await t.app.db
    .select()
    .from(schema.users)
    .where(inArray(schema.users.id, [a.uid, sub.uid]));
  expect(users).toEqual([]);
  const contact = await t.app.db
    .select()
    .from(schema.contactRequests)
    .where(eq(schema.contactRequests.message, message));
  expect(contact).toEqual([]);
  expect(tables.length).toBeGreaterThan(10);
});
