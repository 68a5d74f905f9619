import type { PortalRemote } from './types';

/** The one thing a remote exposes. Validates the shape early so a broken remote fails at load, not at render. */
export function definePortalRemote(remote: PortalRemote): PortalRemote {
  if (!remote.id || !/^[a-z][a-z0-9-]*$/.test(remote.id)) throw new Error(`Invalid remote id "${remote.id}"`);
  for (const route of remote.routes) {
    if (!route.path.startsWith('/'))
      throw new Error(`Remote ${remote.id}: route path "${route.path}" must be absolute`);
  }
  if (!remote.translations?.en || !remote.translations?.de) {
    throw new Error(`Remote ${remote.id}: translations for en and de are required`);
  }
  return remote;
}
