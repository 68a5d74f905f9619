// The auth pages over the lazy identity gateway: the SDK loads on intent (a field gets focus), not with the page,
// and a failed download is an error the page shows.
import { screen, waitFor, within } from '@testing-library/react';
import { createLazyIdentity } from '../../identity/lazy-identity';
import type { FakeIdentity } from '../../testing/fake-identity';
import { renderShell, SELLER } from '../../testing/render-shell';

beforeEach(() => window.localStorage.clear());

function renderLazy(route: string, load: (fake: FakeIdentity) => Promise<FakeIdentity>) {
  const loads = jest.fn(load);
  const view = renderShell({
    route,
    user: null,
    wrapIdentity: (fake) =>
      createLazyIdentity({
        load: () => loads(fake),
        mayHoldSession: () => Promise.resolve(false),
        log: () => undefined,
      }),
  });
  return { ...view, loads };
}

describe('auth pages with the identity service loaded on demand', () => {
  it.each([
    ['/login', 'Sign in'],
    ['/register', 'Create account'],
    ['/forgot-password', 'Reset password'],
  ])('%s renders without the SDK and starts loading it when the email field gets focus', async (route, heading) => {
    const { userEvent, loads } = renderLazy(route, (fake) => Promise.resolve(fake));
    await screen.findByRole('heading', { name: heading });
    expect(loads).not.toHaveBeenCalled();
    await userEvent.click(screen.getByLabelText(/^Email/));
    expect(loads).toHaveBeenCalledTimes(1);
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
