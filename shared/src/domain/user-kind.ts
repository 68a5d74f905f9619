// Apart from the user schemas (user.ts): the shared barrel asks this on every page without loading zod (issue 13).

/** A sub-user has a parent (spec §6). */
export function isSubUser(user: { parentUserId?: string | null } | null | undefined): boolean {
  return Boolean(user?.parentUserId);
}
