const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * The storage key of a tenant's file: `<area>/<ownerId>/<name>`. Every segment is checked, so a key can never
 * climb out of its folder ('..', '/', '\\', NUL) or reach another tenant's prefix.
 */
export function storageKey(area: string, ownerId: string, name: string): string {
  for (const segment of [area, ownerId, name]) {
    if (!SEGMENT.test(segment) || segment.includes('..')) throw new Error(`Unsafe storage key segment: ${segment}`);
  }
  return `${area}/${ownerId}/${name}`;
}

/** A key as produced by storageKey (checked again by each backend before use). */
export function assertStorageKey(key: string): void {
  const parts = key.split('/');
  if (parts.length !== 3 || parts.some((p) => !SEGMENT.test(p) || p.includes('..'))) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
