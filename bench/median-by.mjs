/** The middle item of `items` by `key` (the lower of the two middle ones for an even count). */
export function medianBy(items, key) {
  return [...items].sort((a, b) => key(a) - key(b))[Math.floor((items.length - 1) / 2)];
}
