import type { Db } from '../../../db/client';
import { contactRequests } from '../../../db/schema';

export async function insertContactRequest(db: Db, values: typeof contactRequests.$inferInsert): Promise<void> {
  await db.insert(contactRequests).values(values);
}
