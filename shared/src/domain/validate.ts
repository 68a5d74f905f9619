import type { z } from 'zod';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/**
 * First message (an i18n key) per top-level field, or {} when valid. Forms show `t(errors.field)`.
 */
export function fieldErrors<T>(schema: z.ZodType<T>, value: unknown): FieldErrors<T> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors as FieldErrors<T>;
}
