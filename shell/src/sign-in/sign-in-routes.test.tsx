// The sign-in bundle's routes: the public pages work as in the portal, and every other address (the page a signed-in
// visitor is sent to included) is left to the portal's own page once someone is signed in.
import { screen, waitFor } from '@testing-library/react';
import { SELLER } from '../testing/render-shell';
import { renderSignIn } from '../testing/render-sign-in';

describe('sign-in bundle routes', () => {
  it('signs in on /login and then leaves for the page the visitor is sent to', async () => {
    const { userEvent, leave } = renderSignIn('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    await userEvent.type(screen.getByLabelText(/^Email/), SELLER);
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    expect(leave).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/dashboard'));
    expect(leave).toHaveBeenCalledTimes(1);
  });

  it('moves between the public pages without leaving', async () => {
    const { userEvent, leave } = renderSignIn('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    await userEvent.click(screen.getByRole('link', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Create account' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /Sign in/ }));
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Reset password' })).toBeInTheDocument();
    expect(leave).not.toHaveBeenCalled();
  });

  it('sends a signed-in visitor of /login on to the portal', async () => {
    const { leave } = renderSignIn('/login', { user: undefined });
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/dashboard'));
  });

  it('leaves any other address, with its query and hash, to the portal when someone is signed in', async () => {
    const { leave } = renderSignIn('/invoices?page=2#open', { user: undefined });
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/invoices?page=2#open'));
    expect(screen.getByRole('status')).toHaveTextContent(/Loading/);
  });

  it('asks a signed-out visitor of any other address to sign in first, then leaves for that address', async () => {
    const { userEvent, leave, router } = renderSignIn('/invoices?page=2#open');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(leave).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/^Email/), SELLER);
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/invoices?page=2#open'));
  });
});
