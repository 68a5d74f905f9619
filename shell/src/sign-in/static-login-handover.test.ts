// index.html's static sign-in card on a signed-out /login: a working form whose page script loads the sign-in bundle on
// the visitor's first move, and which the login page takes over (pages/auth/static-login-card.ts): what was typed, the
// focus with the caret, a pending submit. Here with index.html's own markup and script and the sign-in bundle's routes.
import fs from 'fs';
import path from 'path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SELLER, testConfig } from '../testing/render-shell';
import { renderSignIn } from '../testing/render-sign-in';
import { startPortal } from '../start-portal';

const page = new DOMParser().parseFromString(
  fs.readFileSync(path.join(__dirname, '../../public/index.html'), 'utf8'),
  'text/html',
);
const pageScript = [...page.querySelectorAll('body > script')]
  .at(-1)!
  .textContent!.replace('<%= htmlWebpackPlugin.files.js[0] %>', '/main.js')
  .replace('<%= signInScript %>', '/sign-in/main.js');

/** The card as index.html draws it, then its page script run; `boot` as index.html's head script sets it. */
function openStaticPage(boot: string | null = 'login') {
  const html = document.documentElement;
  html.lang = 'en';
  if (boot) html.dataset.boot = boot;
  document.body.prepend(document.importNode(page.getElementById('boot-login')!, true));
  new Function(pageScript)();
  return within(document.getElementById('boot-login')!);
}

const loadedBundles = () => [...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src'));

const takenOver = () => waitFor(() => expect(document.getElementById('boot-login')).toBeNull());

/** Typed into the static card, pressed its button, and the login page took over before the press ended. */
async function pressedWhileTakenOver() {
  const user = userEvent.setup();
  const card = openStaticPage();
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
});

describe('the static sign-in card before the bundle', () => {
  it('loads the sign-in bundle on the first move only, and once', () => {
    openStaticPage();
    expect(loadedBundles()).toEqual([]);
    fireEvent.pointerMove(document.body);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(loadedBundles()).toEqual(['/sign-in/main.js']);
  });

  it('loads the bundle at once where the card is not shown: the portal for a signed-in visitor', () => {
    window.localStorage.setItem('portal.session', '1');
    openStaticPage(null);
    expect(loadedBundles()).toEqual(['/main.js']);
  });

  it('keeps only the texts of the page language, so the labels name the fields', () => {
    const card = openStaticPage();
    expect(card.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(card.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(document.querySelectorAll('#boot-login [lang="de"]')).toHaveLength(0);
  });

  it('stores the cookie choice as the banner does and hides the banner; its privacy link is the configured one', async () => {
    const card = openStaticPage('login cookies');
    fireEvent.pointerMove(document.body);
    await waitFor(() =>
      expect(card.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', testConfig.links.privacy),
    );
    fireEvent.click(card.getByRole('button', { name: 'Necessary only' }));
    expect(window.localStorage.getItem('portal.cookieConsent')).toBe('necessary');
    expect(document.documentElement.dataset.boot).toBe('login');
  });
});

describe('the login page taking over the static card', () => {
  it('keeps what was typed, the focused field and its caret', async () => {
    const user = userEvent.setup();
    const card = openStaticPage();
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
    const card = openStaticPage();
    await user.type(card.getByLabelText(/^Email/), SELLER);
    await user.type(card.getByLabelText(/^Password/), 'secret1{Enter}');
    expect(document.getElementById('boot-login-form')).toHaveAttribute('data-submitted');

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
    const card = openStaticPage();
    await user.click(card.getByRole('button', { name: /^Sign in/ }));

    const { identity } = renderSignIn('/login');
    await takenOver();
    expect(await screen.findByText('Please enter your email address.')).toBeInTheDocument();
    expect(identity.calls).not.toContain('signIn');
  });

  it('leaves with the first page when it is not shown', async () => {
    openStaticPage(null);
    renderSignIn('/login');
    await takenOver();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('');
  });

  it('gives way to the boot error when the portal cannot start', async () => {
    window.localStorage.setItem('portal.language', 'en');
    openStaticPage();
    const template = document.body.appendChild(document.importNode(page.getElementById('boot-error')!, true));
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
