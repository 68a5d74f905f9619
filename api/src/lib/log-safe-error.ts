/**
 * An error as it may be logged: name, code and message without the values a database driver puts into it.
 *
 * Drizzle's "Failed query: … params: a,b,c" carries every parameter of the statement (profile fields, emails,
 * encrypted secrets); PostgreSQL's `detail` repeats key values ("Key (email)=(x@y.z) already exists"), `where`
 * and `internalQuery` may quote data. Those parts are cut; the statement text, SQLSTATE code, table, column and
 * constraint stay, which is what a maintainer needs.
 */

export interface LoggedError {
  type: string;
  message: string;
  code?: string;
  table?: string;
  column?: string;
  constraint?: string;
  stack?: string;
  cause?: LoggedError;
}

const MAX_CAUSES = 5;

/** Cuts the parameter list drizzle appends and any `Key (...)=(...)` detail a message repeats. */
export function withoutValues(message: string): string {
  return message
    .replace(/\n?params: [\s\S]*$/, '\nparams: [redacted]')
    .replace(/(Key \([^)]*\))=\([\s\S]*?\)( already exists| is not present)?/g, '$1=([redacted])$2')
    .replace(/(for type [\w ]+|for enum [\w ]+): "[\s\S]*?"/g, '$1: "[redacted]"');
}

/** The stack frames only (its first line repeats the unredacted message). */
function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 15);
  return frames.length ? frames.join('\n') : undefined;
}

export function logSafeError(err: unknown, depth = 0): LoggedError {
  // Duck-typed: errors from another realm (a driver's worker, a test VM) are not `instanceof Error` here.
  if (!err || typeof err !== 'object' || typeof (err as { message?: unknown }).message !== 'string') {
    return { type: typeof err, message: withoutValues(String(err)) };
  }
  const e = err as Error & Record<string, unknown>;
  const out: LoggedError = {
    type: (typeof e.name === 'string' && e.name) || e.constructor?.name || 'Error',
    message: withoutValues(e.message),
  };
  for (const key of ['code', 'table', 'column', 'constraint'] as const) {
    if (typeof e[key] === 'string' || typeof e[key] === 'number') out[key] = String(e[key]);
  }
  const stack = framesOf(e.stack);
  if (stack) out.stack = stack;
  if (e.cause !== undefined && depth < MAX_CAUSES) out.cause = logSafeError(e.cause, depth + 1);
  return out;
}

/** PostgreSQL SQLSTATEs and socket codes of a database that is down or restarting (not of a bad statement). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** True when `err` (or its cause) says the database cannot be reached, so the answer is 503, not 500. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08'))) return true;
  if (
    typeof e.message === 'string' &&
    /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/i.test(e.message)
  ) {
    return true;
  }
  return isDatabaseUnavailable(e.cause, depth + 1);
}
