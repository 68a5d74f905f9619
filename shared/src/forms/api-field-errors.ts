import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** ApiError.fields (field path → i18n key of `common`), read from any thrown value. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  const fields = (error as { fields?: unknown } | null | undefined)?.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** Marks the form fields the api named as invalid; returns whether it marked any. */
export function applyApiFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): boolean {
  const entries = Object.entries(apiFieldErrors(error));
  entries.forEach(([name, key], index) =>
    setError(name as Path<T>, { type: 'server', message: key }, { shouldFocus: index === 0 }),
  );
  return entries.length > 0;
}
