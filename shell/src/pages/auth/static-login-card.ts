/** The id of index.html's static sign-in card: a working form until the login page takes it over. */
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

const FIELDS: Record<string, StaticLoginField> = { 'boot-email': 'email', 'boot-password': 'password' };

function valueOf(card: HTMLElement, id: string): string {
  return card.querySelector<HTMLInputElement>(`#${id}`)?.value ?? '';
}

/**
 * Removes the static card from the page and returns what was typed into it, or null when there is none (any page but
 * a signed-out /login). Runs in a layout effect, in the task that commits React's page, so nothing typed in between
 * is lost and the page never shows both.
 */
export function takeStaticLoginCard(doc: Document = document): StaticLoginInput | null {
  const card = doc.getElementById(STATIC_LOGIN_CARD_ID);
  if (!card) return null;
  // index.html shows it only on a signed-out /login (its data-boot rule): a hidden card holds nothing to take over.
  if (!/(^| )login( |$)/.test(doc.documentElement.dataset.boot ?? '')) {
    card.remove();
    return null;
  }
  const form = card.querySelector('form');
  const active = doc.activeElement;
  const focused = active instanceof HTMLInputElement && card.contains(active) ? active : null;
  const field = focused ? FIELDS[focused.id] : undefined;
  const input: StaticLoginInput = {
    email: valueOf(card, 'boot-email'),
    password: valueOf(card, 'boot-password'),
    // type="email" has no selection (null): the caret stays at the end of the value.
    focus:
      focused && field ? { field, selectionStart: focused.selectionStart, selectionEnd: focused.selectionEnd } : null,
    submitted: form?.hasAttribute('data-submitted') ?? false,
    pressed: form?.hasAttribute('data-pressed') ?? false,
  };
  card.remove();
  return input;
}
