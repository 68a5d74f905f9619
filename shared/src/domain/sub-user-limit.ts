// Apart from sub-user.ts: the user list uses this rule without the form's zod schemas, so the route keeps within its
// 350 KB JavaScript budget.

/** At or above the maximum the add button is disabled ('max_users_reached'). */
export function canAddSubUser(count: number, maxAllowed: number): boolean {
  return count < maxAllowed;
}

const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : null;

/**
 * How many sub-users one license allows: the plan's `max_users` plus the extra users bought with it
 * (`extra_users_count`), since each extra user is charged every period. `license` holds the license's own options
 * (the bought extras; a `max_users` of its own wins over the plan's), `plan` the product's.
 */
export function subUserLimit(license: Record<string, unknown>, plan: Record<string, unknown>): number {
  const base = count(license.max_users) ?? count(plan.max_users) ?? 0;
  return base + (count(license.extra_users_count) ?? 0);
}
