/** One field that differs between the before and after of an audit event; undefined = the field was not there. */
export interface FieldChange {
  path: string;
  before?: string;
  after?: string;
}

function show(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) {
    return value.length ? value.map(show).join(', ') : '[]';
  }
  return JSON.stringify(value);
}

/** Leaves of a JSON value by dotted path; arrays of plain values stay one leaf ("/a, /b"). */
function flatten(value: unknown, prefix: string, into: Map<string, string>): Map<string, string> {
  const isPlainArray = Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object');
  if (value !== null && typeof value === 'object' && !isPlainArray) {
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    if (entries.length === 0 && prefix) into.set(prefix, Array.isArray(value) ? '[]' : '{}');
    for (const [key, item] of entries) flatten(item, prefix ? `${prefix}.${key}` : key, into);
  } else if (prefix || value !== undefined) {
    into.set(prefix, show(value));
  }
  return into;
}

/**
 * The fields an audit event changed, in the order they appear (after's order, then removed ones): a created entry
 * lists every field as added, a deleted one every field as removed, an update only what differs.
 */
export function auditChanges(before: unknown, after: unknown): FieldChange[] {
  const old = before == null ? new Map<string, string>() : flatten(before, '', new Map());
  const now = after == null ? new Map<string, string>() : flatten(after, '', new Map());
  const changes: FieldChange[] = [];
  for (const [path, value] of now) {
    if (old.get(path) !== value) changes.push({ path, before: old.get(path), after: value });
  }
  for (const [path, value] of old) if (!now.has(path)) changes.push({ path, before: value });
  return changes;
}
