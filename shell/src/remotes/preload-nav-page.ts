import { matchPath } from 'react-router-dom';
import { preloadPages, type PortalRemote } from '@portal/shared';

/**
 * Loads the chunk of the page a remote's nav entry links to: called when the pointer or the focus reaches the entry,
 * so a click finds the page loaded more often. Only on intent: loading every remote's pages after sign-in would add
 * their bytes to every route.
 */
export function preloadNavPage(remote: PortalRemote, path: string): Promise<void> {
  return preloadPages(remote.routes.filter((route) => matchPath({ path: route.path, end: true }, path)));
}
