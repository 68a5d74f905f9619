// Apart from sub-user.ts: the user list uses this rule without the form's zod schemas (issue 13's route budget).

/** At or above the maximum the add button is disabled ('max_users_reached'). */
export function canAddSubUser(count: number, maxAllowed: number): boolean {
  return count < maxAllowed;
}
