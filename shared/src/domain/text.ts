import { z } from 'zod';

/**
 * Characters no free text may carry: C0 controls except tab, line feed and carriage return, DEL and the C1
 * controls. PostgreSQL refuses NUL in text; the others have no business in a name, an address or a message.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Line and paragraph breaks: never in a one-line field (they would start new lines in mail headers and texts). */
const LINE_BREAKS = /[\t\n\r\u0085\u2028\u2029]/;

/** Text as a string can hold it, but not as UTF-8 can: a lone surrogate half (e.g. JSON "\ud800"). */
function hasLoneSurrogate(value: string): boolean {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
}

/** True when `value` is storable, printable text: no control characters, no broken surrogate pairs. */
export function isPlainText(value: string, options: { multiline?: boolean } = {}): boolean {
  if (CONTROL_CHARACTERS.test(value) || hasLoneSurrogate(value)) return false;
  return options.multiline ? true : !LINE_BREAKS.test(value);
}

/** The i18n key of a text with control characters or line breaks where none are allowed. */
export const TEXT_INVALID_KEY = 'validation_text_invalid';

/**
 * The one refinement every free-text field of a request uses: one line by default, `multiline` for message
 * bodies. `z.string().check(plainText())` or `.refine(...)`-style through `withPlainText`.
 */
export function plainText(options: { multiline?: boolean; message?: string } = {}) {
  return z.refine<string>((value) => isPlainText(value, options), options.message ?? TEXT_INVALID_KEY);
}

/** A one-line string of at most `max` characters (trimmed): names, address parts, ids. */
export function lineText(max: number, tooLongKey = 'validation_too_long') {
  return z.string().trim().max(max, tooLongKey).check(plainText());
}

/**
 * Shapes of a link: "://", "www.", a label separator directly followed by a top-level-domain-like word of any
 * script (.de, .рф, .中国), or / @ \ < >. Tested on the NFKC form, which turns fullwidth and other compatibility
 * characters into the ASCII ones a link parser reads ("evil．com", "ｗｗｗ", "：／／") and U+FF61 into the
 * ideographic full stop U+3002, which URL parsers also take as a dot ("evil。de"). Linear (no nested quantifiers),
 * so a 1 MB body cannot make it slow.
 */
const LINK_LIKE = /:\/\/|www[.\u3002]|[.\u3002]\p{L}{2}|[/@\\<>]/iu;

export const PERSON_NAME_MAX = 100;

/** Whether a (trimmed) name may be quoted in a mail: one line, no control characters, nothing link-like. */
export function isSafePersonName(value: string): boolean {
  return value.length <= PERSON_NAME_MAX && isPlainText(value) && !LINK_LIKE.test(value.normalize('NFKC'));
}
