import { createSignInRoutes } from '../sign-in/sign-in-routes';
import { renderShell } from './render-shell';

/** The sign-in bundle's routes at `route`, signed out unless `options` say so; `leave` records where they send on. */
export function renderSignIn(route: string, options: Parameters<typeof renderShell>[0] = {}) {
  const leave = jest.fn();
  const view = renderShell({ route, user: null, ...options, routes: () => createSignInRoutes(leave) });
  return { ...view, leave };
}
