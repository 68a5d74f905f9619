import type { FakeRequest } from '@portal/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import { apiError } from '../../testing/fixtures';
import { renderShell, SELLER } from '../../testing/render-shell';

beforeEach(() => window.localStorage.clear());

async function openLogin() {
  const view = renderShell({ route: '/login', user: null });
  await screen.findByRole('heading', { name: 'Sign in' });
  return view;
}

describe('login', () => {
  it('validates the email on blur and both fields on submit, keeping the typed input', async () => {
    const { userEvent, identity } = await openLogin();
    const email = screen.getByLabelText(/^Email/);
    await userEvent.click(email);
    await userEvent.tab();
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter your email address.');

    await userEvent.type(email, 'seller@shop');
    await userEvent.tab();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your password.')).toBeInTheDocument();
    expect(identity.calls).not.toContain('signIn');
    expect(email).toHaveValue('seller@shop');
  });

  it('toggles password visibility', async () => {
    const { userEvent } = await openLogin();
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it.each([
    ['auth/invalid-credential', 'Invalid email and password combination.'],
    ['auth/user-not-found', 'There is no account with this email address.'],
    ['auth/wrong-password', 'The password is wrong.'],
    ['auth/email-already-in-use', 'Email is already in use.'],
    ['auth/too-many-requests', 'An unexpected error occurred. Please try again.'],
  ])('maps %s to an error notification', async (code, message) => {
    const { userEvent, identity, router } = await openLogin();
    identity.failNext('signIn', code);
    await userEvent.type(screen.getByLabelText(/^Email/), SELLER);
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByLabelText(/^Email/)).toHaveValue(SELLER);
  });

  it('signs in and lands on the page the visitor wanted', async () => {
    const { userEvent, router } = renderShell({ route: '/licenses', user: null });
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    await userEvent.type(screen.getByLabelText(/^Email/), SELLER);
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/licenses'));
  });

  it('has forgot-password and register links and legal links opening in a new tab', async () => {
    await openLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    for (const name of ['Imprint', 'Privacy policy', 'Terms and conditions']) {
      expect(screen.getAllByRole('link', { name })[0]).toHaveAttribute('target', '_blank');
    }
  });
});

describe('redirects', () => {
  it('sends a signed-in user from /login and /register to /dashboard', async () => {
    const login = renderShell({ route: '/login' });
    await waitFor(() => expect(login.router.state.location.pathname).toBe('/dashboard'));
    login.unmount();
    const register = renderShell({ route: '/register' });
    await waitFor(() => expect(register.router.state.location.pathname).toBe('/dashboard'));
  });

  it('sends signed-out visitors of authenticated routes to /login and / to /dashboard', async () => {
    const signedOut = renderShell({ route: '/invoices', user: null });
    await waitFor(() => expect(signedOut.router.state.location.pathname).toBe('/login'));
    signedOut.unmount();
    const root = renderShell({ route: '/' });
    await waitFor(() => expect(root.router.state.location.pathname).toBe('/dashboard'));
  });

  it('/logout signs out, clears the session and goes to /login', async () => {
    const { router, runtime, identity } = renderShell({ route: '/dashboard' });
    await waitFor(() => expect(runtime.stores.session.getState().ready).toBe(true));
    await act(() => router.navigate('/logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(identity.calls).toContain('signOut');
    expect(runtime.stores.session.getState()).toMatchObject({
      user: null,
      token: null,
      ready: false,
      initialized: false,
    });
  });
});

describe('register', () => {
  async function openRegister(httpSetup?: (view: ReturnType<typeof renderShell>) => void) {
    const view = renderShell({ route: '/register', user: null });
    httpSetup?.(view);
    await screen.findByRole('heading', { name: 'Create account' });
    return view;
  }

  async function fill(view: ReturnType<typeof renderShell>, { repeat = 'secret1', terms = true } = {}) {
    await view.userEvent.type(screen.getByLabelText(/^Email/), 'new@shop.test');
    await view.userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await view.userEvent.type(screen.getByLabelText(/^Repeat password/), repeat);
    if (terms) await view.userEvent.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
  }

  it('validates password length, mismatch and terms on submit', async () => {
    const view = await openRegister();
    await view.userEvent.type(screen.getByLabelText(/^Password/), 'abc');
    await view.userEvent.tab();
    expect(screen.getByText('The password must be at least 6 characters long.')).toBeInTheDocument();
    await view.userEvent.clear(screen.getByLabelText(/^Password/));
    await view.userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await view.userEvent.type(screen.getByLabelText(/^Repeat password/), 'secret2');
    await view.userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(screen.getByText('Please accept the terms and conditions.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /I accept/ })).toHaveAccessibleDescription(
      'Please accept the terms and conditions.',
    );
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute(
      'href',
      'https://example.test/terms',
    );
    expect(view.identity.calls).not.toContain('signUp');
  });

  it('creates the identity account, then the backend user, then sends the verification email, then opens the profile', async () => {
    const view = await openRegister();
    const order: string[] = [];
    view.http.on('POST /user', ({ body }: FakeRequest) => {
      order.push(`POST /user ${JSON.stringify(body)}`);
      return {};
    });
    await fill(view);
    await view.userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/profile'));
    expect(view.router.state.location.search).toBe('?firstTime=true');
    const signUpIndex = view.identity.calls.indexOf('signUp');
    const verifyIndex = view.identity.calls.indexOf('sendEmailVerification');
    expect(signUpIndex).toBeGreaterThanOrEqual(0);
    expect(verifyIndex).toBeGreaterThan(signUpIndex);
    expect(order).toEqual(['POST /user {"Id":"uid-new@shop.test","Email":"new@shop.test"}']);
    const postIndex = view.http.calls.findIndex((request) => request.method === 'POST' && request.path === '/user');
    expect(postIndex).toBeGreaterThanOrEqual(0);
  });

  it.each([
    ['en', en],
    ['de', de],
  ] as const)(
    'tells the seller the account exists when the verification mail fails, and still opens the profile (%s)',
    async (language, texts) => {
      const label = (text: string) => new RegExp(`^${text}\\s*\\*?$`);
      const view = renderShell({ route: '/register', user: null, language });
      view.http.on('POST /user', {});
      view.identity.failNext('sendEmailVerification', 'auth/too-many-requests');
      await screen.findByRole('heading', { name: texts.register_title });
      await view.userEvent.type(screen.getByLabelText(label(texts.email_label)), 'new@shop.test');
      await view.userEvent.type(screen.getByLabelText(label(texts.password_label)), 'secret1');
      await view.userEvent.type(screen.getByLabelText(label(texts.password_repeat_label)), 'secret1');
      await view.userEvent.click(screen.getByRole('checkbox'));
      await view.userEvent.click(screen.getByRole('button', { name: texts.register_button }));
      await waitFor(() => expect(view.router.state.location.pathname).toBe('/profile'));
      expect(view.router.state.location.search).toBe('?firstTime=true');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(texts.verification_mail_failed);
      expect(alert).not.toHaveTextContent(texts.error_unexpected);
    },
  );

  it('fails the flow when the backend rejects the user, without sending the verification email', async () => {
    const view = await openRegister();
    view.http.on('POST /user', () => {
      throw apiError(400, 'bad-request');
    });
    await fill(view);
    await view.userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to create user on backend')).toBeInTheDocument();
    expect(view.identity.calls).not.toContain('sendEmailVerification');
    expect(view.router.state.location.pathname).not.toBe('/profile');
  });

  it('maps auth/email-already-in-use to error_email_in_use', async () => {
    const view = await openRegister();
    view.identity.failNext('signUp', 'auth/email-already-in-use');
    await fill(view);
    await view.userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Email is already in use.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('new@shop.test');
  });
});

describe('forgot password', () => {
  it('validates, shows the busy text, sends the reset mail, notifies and returns to /login', async () => {
    const view = renderShell({ route: '/forgot-password', user: null });
    await screen.findByRole('heading', { name: 'Reset password' });
    await view.userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument();
    let release: () => void = () => undefined;
    const original = view.identity.sendPasswordReset;
    view.identity.sendPasswordReset = (email) =>
      new Promise<void>((resolve) => (release = () => void original(email).then(resolve)));
    await view.userEvent.type(screen.getByLabelText(/^Email/), SELLER);
    await view.userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    release();
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
    expect(view.identity.calls).toContain(`sendPasswordReset:${SELLER}`);
    expect(
      screen.getByText('We have sent you a link to reset your password. Please check your inbox.'),
    ).toBeInTheDocument();
  });

  it('has a back-to-login link', async () => {
    renderShell({ route: '/forgot-password', user: null });
    expect(await screen.findByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });
});
