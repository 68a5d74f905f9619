// The auth pages over the lazy identity gateway: the SDK loads on intent (typing into a field), not with the page nor on
// a click into the form, and a failed download is an error the page shows.
import { screen, waitFor, within } from '@testing-library/react';
import { createLazyIdentity, SESSION_HINT_KEY } from '../../identity/lazy-identity';
import { makeUser, type FakeIdentity } from '../../testing/fake-identity';
import { renderShell, SELLER } from '../../testing/render-shell';

beforeEach(() => window.localStorage.clear());

function renderLazy(route: string, load: (fake: FakeIdentity) => Promise<FakeIdentity>) {
  const loads = jest.fn(load);
  const preloadSignedIn = jest.fn();
  const view = renderShell({
    route,
    user: null,
    preloadSignedIn,
    wrapIdentity: (fake) =>
      createLazyIdentity({
        load: () => loads(fake),
        mayHoldSession: () => Promise.resolve(false),
        log: () => undefined,
      }),
  });
  return { ...view, loads, preloadSignedIn };
}

describe('auth pages with the identity service loaded on demand', () => {
  it.each([
    ['/login', 'Sign in'],
    ['/register', 'Create account'],
    ['/forgot-password', 'Reset password'],
  ])(
    '%s renders without the SDK and starts loading it and the signed-in pages when the visitor types into a field',
    async (route, heading) => {
      const { userEvent, loads, preloadSignedIn } = renderLazy(route, (fake) => Promise.resolve(fake));
      await screen.findByRole('heading', { name: heading });
      await userEvent.click(screen.getByLabelText(/^Email/));
      expect(loads).not.toHaveBeenCalled();
      expect(preloadSignedIn).not.toHaveBeenCalled();
      await userEvent.keyboard('s');
      expect(loads).toHaveBeenCalledTimes(1);
      expect(preloadSignedIn).toHaveBeenCalled();
    },
  );

  it('shows the sign-in page while a stored session is still being looked for, and leaves it when one is found', async () => {
    let found: (session: boolean) => void = () => undefined;
    const view = renderShell({
      route: '/login',
      user: makeUser(SELLER),
      wrapIdentity: (fake) =>
        createLazyIdentity({
          load: () => Promise.resolve(fake),
          mayHoldSession: () => new Promise((resolve) => (found = resolve)),
          log: () => undefined,
        }),
    });
    await screen.findByRole('heading', { name: 'Sign in' });
    found(true);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows a loading state instead of the sign-in page while the session hint says someone is signed in', async () => {
    window.localStorage.setItem(SESSION_HINT_KEY, '1');
    let loaded: (fake: FakeIdentity) => void = () => undefined;
    const view = renderLazy('/login', (fake) => new Promise((resolve) => (loaded = () => resolve(fake))));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('heading', { name: 'Sign in' })).not.toBeInTheDocument();
    loaded(view.identity);
    // The SDK reports nobody (the fake's user is null): now the page shows.
    await screen.findByRole('heading', { name: 'Sign in' });
  });

  it('signs in through the loaded SDK and lands on the dashboard', async () => {
    const { userEvent, router, identity } = renderLazy('/login', (fake) => Promise.resolve(fake));
    await screen.findByRole('heading', { name: 'Sign in' });
    await userEvent.type(screen.getByLabelText(/^Email/), SELLER);
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(identity.calls).toContain('signIn');
  });

  it('shows an error notification when the SDK cannot be downloaded, and signs in on the next try', async () => {
    let fail = true;
    const { userEvent, router } = renderLazy('/login', (fake) =>
      fail ? Promise.reject(new Error('Loading chunk firebase-identity failed.')) : Promise.resolve(fake),
    );
    await screen.findByRole('heading', { name: 'Sign in' });
    await userEvent.type(screen.getByLabelText(/^Email/), SELLER);
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
