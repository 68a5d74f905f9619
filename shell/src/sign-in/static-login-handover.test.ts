// index.html's static sign-in page on a signed-out /login (drawn at build time, static-login-page.tsx): a working form
// whose page script loads the sign-in bundle on the visitor's first move, and which the login page takes over
// (pages/auth/static-login-card.ts): what was typed, the focus with the caret, a pending submit. Here with the page's
// own drawing and scripts, run as the page runs them, and the sign-in bundle's routes.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SELLER, testConfig } from '../testing/render-shell';
import { renderSignIn } from '../testing/render-sign-in';
import { startPortal } from '../start-portal';
import { renderStaticLoginPage, type StaticLoginPage } from '../static-login-page';

let page: StaticLoginPage;
let drawn: Document;

beforeAll(async () => {
  page = await renderStaticLoginPage();
  drawn = new DOMParser().parseFromString(`<head>${page.head}</head><body>${page.body}</body>`, 'text/html');
}, 60_000);

/** Runs `text` as an inline script of the page (jsdom runs it, with document.currentScript), with `attributes`. */
function runScript(text: string, attributes: Record<string, string> = {}) {
  const script = document.createElement('script');
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  script.textContent = text;
  document.body.append(script);
  script.remove();
}

/** The head script as the page runs it (<html> starts as the template has it: lang de, no class). */
function runHeadScript() {
  const html = document.documentElement;
  html.lang = 'de';
  html.className = '';
  delete html.dataset.boot;
  runScript(drawn.head.querySelector('script')!.textContent!);
}

/** The drawing of /login, then the page script, as index.html has them; the head script's storage decides. */
function openStaticPage({ language = 'en', theme = 'light', consent = 'necessary' as string | null } = {}) {
  window.localStorage.setItem('portal.language', language);
  window.localStorage.setItem('portal.theme', theme);
  if (consent) window.localStorage.setItem('portal.cookieConsent', consent);
  runHeadScript();
  document.body.prepend(document.importNode(drawn.getElementById('boot-login')!, true));
  runScript(page.script, { 'data-main': '/main.js', 'data-sign-in': '/sign-in/main.js' });
  const card = document.getElementById('boot-login');
  return card ? within(card) : null;
}

const loadedBundles = () => [...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src'));

const takenOver = () => waitFor(() => expect(document.getElementById('boot-login')).toBeNull());

/** Typed into the static page, pressed its button, and the login page took over before the press ended. */
async function pressedWhileTakenOver() {
  const user = userEvent.setup();
  const card = openStaticPage()!;
  await user.type(card.getByLabelText(/^Email/), SELLER);
  await user.type(card.getByLabelText(/^Password/), 'secret1');
  fireEvent.pointerDown(card.getByRole('button', { name: /^Sign in/ }));
  const rendered = renderSignIn('/login');
  await takenOver();
  return rendered;
}

beforeEach(() => {
  window.localStorage.clear();
  window.fetch = jest.fn().mockResolvedValue({ json: async () => testConfig });
});

afterEach(() => {
  document.getElementById('boot-login')?.remove();
  document.querySelectorAll('script[src]').forEach((script) => script.remove());
  delete document.documentElement.dataset.boot;
  document.documentElement.className = '';
});

describe("index.html's head script", () => {
  it('sets the stored language and scheme, and marks a signed-out /login with the cookie choice still to make', () => {
    window.history.replaceState(null, '', '/login');
    window.localStorage.setItem('portal.language', 'en');
    window.localStorage.setItem('portal.theme', 'dark');
    runHeadScript();
    const html = document.documentElement;
    expect([html.lang, html.className, html.dataset.boot]).toEqual(['en', 'dark', 'login cookies']);

    window.localStorage.setItem('portal.cookieConsent', 'all');
    window.localStorage.setItem('portal.language', 'fr');
    runHeadScript();
    expect([html.lang, html.className, html.dataset.boot]).toEqual(['de', 'dark', 'login']);

    window.localStorage.setItem('portal.session', '1');
    runHeadScript();
    expect(html.dataset.boot).toBeUndefined();
    window.history.replaceState(null, '', '/register');
    window.localStorage.removeItem('portal.session');
    runHeadScript();
    expect([html.className, html.dataset.boot]).toEqual(['dark', undefined]);
  });
});

describe('the static sign-in page before the bundle', () => {
  beforeEach(() => window.history.replaceState(null, '', '/login'));

  it('loads the sign-in bundle on the first move only, and once', () => {
    openStaticPage();
    expect(loadedBundles()).toEqual([]);
    fireEvent.pointerMove(document.body);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(loadedBundles()).toEqual(['/sign-in/main.js']);
  });

  it('loads the bundle at once where the page is not shown, and removes it: the portal for a signed-in visitor', () => {
    window.localStorage.setItem('portal.session', '1');
    expect(openStaticPage()).toBeNull();
    expect(loadedBundles()).toEqual(['/main.js']);
  });

  it("keeps only the drawing of the page's language and scheme, so ids and labels are unique", () => {
    const card = openStaticPage({ language: 'de', theme: 'dark' })!;
    const drawings = document.querySelectorAll('[data-boot-variant]');
    expect([...drawings].map((drawing) => drawing.getAttribute('data-boot-variant'))).toEqual(['de dark']);
    expect(card.getByLabelText(/^E-Mail/)).toHaveAttribute('type', 'email');
    expect(card.getByLabelText(/^Passwort/, { selector: 'input' })).toHaveAttribute('type', 'password');
    expect(card.getByRole('button', { name: 'Zum hellen Design wechseln' })).toBeInTheDocument();
  });

  it("draws MUI's focused and filled field states as React does", async () => {
    const user = userEvent.setup();
    const card = openStaticPage()!;
    const email = card.getByLabelText(/^Email/);
    const label = document.querySelector('label[for="login-email"]')!;
    const box = email.parentElement!;
    const legend = box.querySelector('legend')!;
    const restLabel = label.className;
    const restLegend = legend.className;

    await user.click(email);
    expect(label).toHaveAttribute('data-shrink', 'true');
    expect(label).toHaveClass('MuiInputLabel-shrink', 'Mui-focused');
    expect(box).toHaveClass('Mui-focused');
    expect(legend.className).toBe(legend.getAttribute('data-filled-class'));

    await user.type(email, SELLER);
    await user.click(card.getByLabelText(/^Password/));
    expect(label).toHaveAttribute('data-shrink', 'true');
    expect(label).not.toHaveClass('Mui-focused');
    expect(box).not.toHaveClass('Mui-focused');

    await user.clear(email);
    await user.click(card.getByLabelText(/^Password/));
    expect(label).toHaveAttribute('data-shrink', 'false');
    expect(label.className).toBe(restLabel);
    expect(legend.className).toBe(restLegend);
  });

  it('stores the cookie choice as the banner does and hides the banner; the legal links get the configured addresses', async () => {
    const card = openStaticPage({ consent: null })!;
    expect(document.documentElement.dataset.boot).toBe('login cookies');
    fireEvent.pointerMove(document.body);
    await waitFor(() =>
      expect(card.getAllByRole('link', { name: 'Privacy policy' }).map((link) => link.getAttribute('href'))).toEqual([
        testConfig.links.privacy,
        testConfig.links.privacy,
      ]),
    );
    expect(card.getByRole('link', { name: 'Imprint' })).toHaveAttribute('href', testConfig.links.imprint);
    fireEvent.click(card.getByRole('button', { name: 'Necessary only' }));
    expect(window.localStorage.getItem('portal.cookieConsent')).toBe('necessary');
    expect(document.documentElement.dataset.boot).toBe('login');
  });

  it("shows a submit as the login page's busy button", async () => {
    const user = userEvent.setup();
    const card = openStaticPage()!;
    await user.type(card.getByLabelText(/^Password/), 'secret1{Enter}');
    const button = document.querySelector('#boot-login button[type="submit"]')!;
    expect(button).toBeDisabled();
    expect(button).toHaveClass('Mui-disabled');
    expect(button).toHaveTextContent('Signing in…');
    expect(loadedBundles()).toEqual(['/sign-in/main.js']);
  });
});

describe('the login page taking over the static page', () => {
  beforeEach(() => window.history.replaceState(null, '', '/login'));

  it('keeps what was typed, the focused field and its caret', async () => {
    const user = userEvent.setup();
    const card = openStaticPage()!;
    await user.type(card.getByLabelText(/^Email/), SELLER);
    await user.type(card.getByLabelText(/^Password/), 'secret1');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');

    renderSignIn('/login');
    await takenOver();
    expect(screen.getByLabelText(/^Email/)).toHaveValue(SELLER);
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveValue('secret1');
    expect(password).toHaveFocus();
    await user.keyboard('X');
    expect(password).toHaveValue('secreXt1');
  });

  it('sends a form that was sent before the bundle arrived', async () => {
    const user = userEvent.setup();
    const card = openStaticPage()!;
    await user.type(card.getByLabelText(/^Email/), SELLER);
    await user.type(card.getByLabelText(/^Password/), 'secret1{Enter}');
    expect(document.querySelector('#boot-login form')).toHaveAttribute('data-submitted');

    const { identity, leave } = renderSignIn('/login');
    await takenOver();
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/dashboard'));
    expect(identity.calls.filter((call) => call === 'signIn')).toHaveLength(1);
  });

  it("sends the form when a press begun on the static button ends on the login page's", async () => {
    const { identity, leave } = await pressedWhileTakenOver();
    // The press ends on the login page's button; the browser sends no click to it.
    fireEvent.pointerUp(screen.getByRole('button', { name: /^Sign in/ }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/dashboard'));
    expect(identity.calls.filter((call) => call === 'signIn')).toHaveLength(1);
  });

  it('sends nothing when that press ends elsewhere, and sends once when the browser clicks after all', async () => {
    const { identity, leave } = await pressedWhileTakenOver();
    fireEvent.pointerUp(screen.getByLabelText(/^Email/));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(identity.calls).not.toContain('signIn');

    // Another press, begun and ended on the login page's button: the browser's click sends the form.
    const button = screen.getByRole('button', { name: /^Sign in/ });
    fireEvent.pointerUp(button);
    fireEvent.click(button);
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/dashboard'));
    expect(identity.calls.filter((call) => call === 'signIn')).toHaveLength(1);
  });

  it('checks a form sent empty as the login page does', async () => {
    const user = userEvent.setup();
    const card = openStaticPage()!;
    await user.click(card.getByRole('button', { name: /^Sign in/ }));

    const { identity } = renderSignIn('/login');
    await takenOver();
    expect(await screen.findByText('Please enter your email address.')).toBeInTheDocument();
    expect(identity.calls).not.toContain('signIn');
  });

  it('gives way to the boot error when the portal cannot start', async () => {
    openStaticPage();
    const template = document.body.appendChild(document.importNode(drawn.getElementById('boot-error')!, true));
    const root = document.body.appendChild(document.createElement('div'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await startPortal(root, Promise.reject(new Error('offline')), {
      routes: [],
      remoteLoader: { load: () => new Promise(() => undefined) },
    });
    expect(document.getElementById('boot-login')).toBeNull();
    expect(within(root).getByRole('alert')).toHaveTextContent(
      'The portal could not be started. Please reload the page.',
    );
    template.remove();
    root.remove();
  });
});
