import type { ApiUser } from '@portal/shared/domain';
import type { UserRow } from '../../db/schema';

export function toApiUser(row: UserRow): ApiUser {
  return {
    id: row.id,
    email: row.email,
    parentUserId: row.parentUserId,
    language: row.language,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}
