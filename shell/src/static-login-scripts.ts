// index.html's two inline scripts, written once here: the build writes each into the page as a call of the function
// below with its options (inlineScript; static-login-page.tsx, shell/webpack/static-login-page.js), and the tests run
// the same text. So each function stands alone: no import, no helper and nothing else of this module's scope, only
// its options (the storage keys and attribute names come from the modules that own them).

export interface HeadScriptOptions {
  /** THEME_STORAGE_KEY: 'dark' or anything else (light). */
  themeKey: string;
  /** LANGUAGE_STORAGE_KEY, and the languages the page has. */
  languageKey: string;
  languages: readonly string[];
  /** SESSION_HINT_KEY: '1' while the identity service last reported a user. */
  sessionKey: string;
  /** COOKIE_CONSENT_STORAGE_KEY and the choices the banner stores. */
  consentKey: string;
  consents: readonly string[];
  /** The page the static sign-in page is drawn for. */
  loginPath: string;
}

/**
 * Before the first paint: the class MUI's color-scheme API will set for the stored mode (as InitColorSchemeScript
 * does) and the stored language on <html>. On a signed-out /login `data-boot` says "login", and "cookies" until the
 * cookie choice is made: the static sign-in page (and its cookie banner) shows instead of the loading message.
 */
export function headScript(options: HeadScriptOptions): void {
  const html = document.documentElement;
  let mode = 'light';
  try {
    const storage = window.localStorage;
    if (storage.getItem(options.themeKey) === 'dark') mode = 'dark';
    const language = storage.getItem(options.languageKey);
    if (language && options.languages.indexOf(language) >= 0) html.lang = language;
    if (location.pathname === options.loginPath && storage.getItem(options.sessionKey) !== '1') {
      const chosen = options.consents.indexOf(storage.getItem(options.consentKey) ?? '') >= 0;
      html.dataset.boot = chosen ? 'login' : 'login cookies';
    }
  } catch {
    // Without storage: the defaults (light, the page's language, no static page).
  }
  html.classList.add(mode);
}

export interface PageScriptOptions {
  /** The static sign-in page's element (STATIC_LOGIN_CARD_ID), which the login page takes over. */
  cardId: string;
  /** Names the language and scheme of each drawing of the page in it ("de light"). */
  variantAttribute: string;
  /** On the submit button's drawing: its label while the form is being sent. */
  busyLabelAttribute: string;
  /** On the cookie banner's buttons: the choice they store. */
  consentAttribute: string;
  /** On the links to the legal pages: the key of their address in the runtime config's `links`. */
  linkAttribute: string;
  sessionKey: string;
  consentKey: string;
  configUrl: string;
}

/**
 * The page's script, last in the body. Its own element names the bundles (data-main, data-sign-in): a visitor the
 * session hint does not call signed in gets the sign-in pages' own bundle (shell/src/sign-in/), which signs in first
 * and then loads the page again for the portal; everyone else the portal.
 *
 * On a signed-out /login the static sign-in page is a working form until the login page takes it over
 * (pages/auth/static-login-card.ts): the bundle loads on the visitor's first move (pointer, touch, key, focus) or a
 * submit, so nothing runs for a page that is only looked at. Until then the form draws MUI's field states as React
 * would, remembers a submit and a press on its button, and the cookie banner stores the choice.
 */
export function pageScript(options: PageScriptOptions): void {
  const html = document.documentElement;
  const self = document.currentScript;
  let src = self?.getAttribute('data-main') ?? '';
  const signInScript = self?.getAttribute('data-sign-in');
  try {
    if (signInScript && window.localStorage.getItem(options.sessionKey) !== '1') src = signInScript;
  } catch {
    // Without storage nobody is signed in here: the sign-in bundle.
  }
  const found = document.getElementById(options.cardId);
  const card = found && /(^| )login( |$)/.test(html.dataset.boot ?? '') ? found : null;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.src = src;
    document.body.appendChild(script);
    if (card) void linkLegalPages(card);
  };
  // The legal links' addresses come from the runtime config, as the React page's do.
  const linkLegalPages = (root: HTMLElement) =>
    fetch(options.configUrl, { cache: 'no-store' })
      .then((response) => response.json())
      .then((config: { links: Record<string, string> }) => {
        for (const link of root.querySelectorAll(`[${options.linkAttribute}]`)) {
          const address = config.links[link.getAttribute(options.linkAttribute) ?? ''];
          if (address) link.setAttribute('href', address);
        }
      })
      .catch(() => undefined);
  if (!card) {
    // Any other page, or a signed-in visitor: no static page, the bundle at once.
    found?.remove();
    return start();
  }

  // The drawing of the page's language and scheme stays, the others leave (ids and labels are in each of them).
  const variant = `${html.lang} ${html.classList.contains('dark') ? 'dark' : 'light'}`;
  for (const drawing of card.querySelectorAll(`[${options.variantAttribute}]`)) {
    if (drawing.getAttribute(options.variantAttribute) !== variant) drawing.remove();
  }

  for (const move of ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin']) {
    window.addEventListener(move, start, { capture: true, passive: true });
  }

  const form = card.querySelector('form');
  if (form) {
    // MUI's field states as React sets them: the focused field's label and box carry Mui-focused, and a focused or
    // filled field takes the attributes its filled drawing has (data-filled names them, data-filled-<name> holds
    // each: the label moved up, the outline's gap open). The browser's autofill counts as filled (MUI's
    // mui-auto-fill animation).
    const rest = new WeakMap<Element, Record<string, string | null>>();
    const drawField = (input: HTMLInputElement, focused: boolean) => {
      const box = input.parentElement;
      const field = box?.parentElement;
      if (!box || !field) return;
      const filled = focused || input.value !== '' || input.hasAttribute('data-autofilled');
      for (const part of field.querySelectorAll('[data-filled]')) {
        let saved = rest.get(part);
        if (!saved) rest.set(part, (saved = {}));
        for (const name of (part.getAttribute('data-filled') ?? '').split(' ')) {
          if (!(name in saved)) saved[name] = part.getAttribute(name);
          const value = filled ? part.getAttribute(`data-filled-${name}`) : saved[name];
          if (value === null) part.removeAttribute(name);
          else part.setAttribute(name, value);
        }
      }
      const label = input.id ? field.querySelector(`label[for="${input.id}"]`) : null;
      label?.classList.toggle('Mui-focused', focused);
      box.classList.toggle('Mui-focused', focused);
    };
    const onField = (event: Event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement)) return;
      if (event.type === 'animationstart') {
        input.toggleAttribute('data-autofilled', (event as AnimationEvent).animationName === 'mui-auto-fill');
      }
      drawField(input, event.type === 'focusout' ? false : document.activeElement === input);
    };
    for (const type of ['focusin', 'focusout', 'input', 'animationstart']) form.addEventListener(type, onField);

    const button = form.querySelector('button[type="submit"]');
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      form.setAttribute('data-submitted', '');
      // As the login page draws its busy button: disabled, with the busy label.
      const busyLabel = button?.closest(`[${options.busyLabelAttribute}]`)?.getAttribute(options.busyLabelAttribute);
      if (button instanceof HTMLButtonElement && busyLabel) {
        button.classList.add('Mui-disabled');
        button.disabled = true;
        button.textContent = busyLabel;
      }
      start();
    });
    // A press on the button while the login page takes over ends on the login page's button: no click follows. The
    // mark tells the login page to send the form when the press ends there (use-static-login-handover.ts).
    button?.addEventListener('pointerdown', () => form.setAttribute('data-pressed', ''));
    const released = () => form.removeAttribute('data-pressed');
    window.addEventListener('pointerup', released, true);
    window.addEventListener('pointercancel', released, true);
  }

  // The cookie choice as the banner stores it; the banner then hides (the head script's data-boot rule).
  for (const choice of card.querySelectorAll(`[${options.consentAttribute}]`)) {
    choice.addEventListener('click', () => {
      try {
        window.localStorage.setItem(options.consentKey, choice.getAttribute(options.consentAttribute) ?? '');
      } catch {
        // Without storage the banner shows again on the next visit, as the React banner's does.
      }
      html.dataset.boot = 'login';
    });
  }
}

/** The text of an inline script that calls `script` with `options` (as JSON, with no `<` that could end the script). */
export function inlineScript<T>(script: (options: T) => void, options: T): string {
  return `(${script.toString()})(${JSON.stringify(options).replace(/</g, '\\u003c')});`;
}
