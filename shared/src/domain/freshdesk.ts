// The Freshdesk page's key rule, without zod (the page loads no schema; the key's answer schema is in user.ts).

/**
 * An API key containing a colon is rejected as invalid (a colon would break the `key:X` basic-auth
 * form the Freshdesk app builds from it). Empty or blank keys are invalid too.
 */
export function isValidFreshdeskApiKey(key: string | null | undefined): key is string {
  return typeof key === 'string' && key.trim().length > 0 && !key.includes(':');
}
