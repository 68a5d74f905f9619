// Apart from the user schemas (user.ts): the shared barrel asks this on every page without loading zod.

/** A sub-user has a parent. */
export function isSubUser(user: { parentUserId?: string | null } | null | undefined): boolean {
  return Boolean(user?.parentUserId);
}
