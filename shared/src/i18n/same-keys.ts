type Bundle = Record<string, unknown>;

/** Dotted paths of all leaf keys ('a.b.c'). */
export function flattenKeys(bundle: Bundle, prefix = ''): string[] {
  const keys: string[] = [];
  for (const [key, value] of Object.entries(bundle)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) keys.push(...flattenKeys(value as Bundle, path));
    else keys.push(path);
  }
  return keys;
}

/** Keys present in one language only. */
export function keyDifferences(en: Bundle, de: Bundle): { onlyInEn: string[]; onlyInDe: string[] } {
  const enKeys = new Set(flattenKeys(en));
  const deKeys = new Set(flattenKeys(de));
  return {
    onlyInEn: [...enKeys].filter((k) => !deKeys.has(k)).sort(),
    onlyInDe: [...deKeys].filter((k) => !enKeys.has(k)).sort(),
  };
}

/**
 * Throws (fails the test) when a key exists in one language only or a value is empty.
 * Use in every package: `it('en and de have the same keys', () => expectSameKeys(en, de));`
 */
export function expectSameKeys(en: Bundle, de: Bundle): void {
  const { onlyInEn, onlyInDe } = keyDifferences(en, de);
  const empty = [
    ...flattenKeys(en)
      .filter((k) => isEmpty(en, k))
      .map((k) => `en:${k}`),
    ...flattenKeys(de)
      .filter((k) => isEmpty(de, k))
      .map((k) => `de:${k}`),
  ];
  const problems: string[] = [];
  if (onlyInEn.length) problems.push(`only in en: ${onlyInEn.join(', ')}`);
  if (onlyInDe.length) problems.push(`only in de: ${onlyInDe.join(', ')}`);
  if (empty.length) problems.push(`empty values: ${empty.join(', ')}`);
  if (problems.length) throw new Error(`Translation keys differ — ${problems.join('; ')}`);
}

function isEmpty(bundle: Bundle, path: string): boolean {
  const value = path.split('.').reduce<unknown>((node, key) => (node as Bundle)?.[key], bundle);
  return typeof value !== 'string' || value.trim() === '';
}
