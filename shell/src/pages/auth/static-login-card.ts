/**
 * The id of index.html's static sign-in page: the login page drawn at build time (shell/src/static-login-page.tsx), a
 * working form until the login page takes it over.
 */
export const STATIC_LOGIN_CARD_ID = 'boot-login';

export type StaticLoginField = 'email' | 'password';

/** What the visitor did on the static card before the bundle arrived. */
export interface StaticLoginInput {
  email: string;
  password: string;
  /** The field that had the focus, with its selection. */
  focus: { field: StaticLoginField; selectionStart: number | null; selectionEnd: number | null } | null;
  /** The form was sent: the login page sends it on. */
  submitted: boolean;
  /** A pointer is down on the card's button: the click it would have made is lost with the card. */
  pressed: boolean;
}

// The static page's fields are the login page's own, drawn: found by their names.
const FIELDS: readonly StaticLoginField[] = ['email', 'password'];

function fieldOf(card: HTMLElement, field: StaticLoginField): HTMLInputElement | null {
  return card.querySelector<HTMLInputElement>(`form input[name="${field}"]`);
}

/**
 * Removes the static card from the page and returns what was typed into it, or null when there is none (any page but
 * a signed-out /login). Runs in a layout effect, in the task that commits React's page, so nothing typed in between
 * is lost and the page never shows both.
 */
export function takeStaticLoginCard(doc: Document = document): StaticLoginInput | null {
  const card = doc.getElementById(STATIC_LOGIN_CARD_ID);
  if (!card) return null;
  // index.html shows it only on a signed-out /login (its data-boot rule; its script removes it elsewhere): a hidden card
  // holds nothing to take over.
  if (!/(^| )login( |$)/.test(doc.documentElement.dataset.boot ?? '')) {
    card.remove();
    return null;
  }
  const form = card.querySelector('form');
  const active = doc.activeElement;
  const field = FIELDS.find((name) => fieldOf(card, name) === active);
  const focused = field ? fieldOf(card, field) : null;
  const input: StaticLoginInput = {
    email: fieldOf(card, 'email')?.value ?? '',
    password: fieldOf(card, 'password')?.value ?? '',
    // type="email" has no selection (null): the caret stays at the end of the value.
    focus:
      focused && field ? { field, selectionStart: focused.selectionStart, selectionEnd: focused.selectionEnd } : null,
    submitted: form?.hasAttribute('data-submitted') ?? false,
    pressed: form?.hasAttribute('data-pressed') ?? false,
  };
  card.remove();
  return input;
}
