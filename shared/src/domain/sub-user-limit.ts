// Apart from sub-user.ts: the user list uses this rule without the form's zod schemas, so the route keeps within its
// 350 KB JavaScript budget.

/** At or above the maximum the add button is disabled ('max_users_reached'). */
export function canAddSubUser(count: number, maxAllowed: number): boolean {
  return count < maxAllowed;
}
