import type { ApiUser } from '@portal/shared/domain';
import { z } from 'zod';
import type { UserRow } from '../../db/schema';

export const apiUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  parentUserId: z.string().nullable(),
  language: z.enum(['de', 'en']),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type ApiUserDto = z.infer<typeof apiUserSchema>;

export function toApiUser(row: UserRow): ApiUserDto & ApiUser {
  return {
    id: row.id,
    email: row.email,
    parentUserId: row.parentUserId,
    language: row.language,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}
