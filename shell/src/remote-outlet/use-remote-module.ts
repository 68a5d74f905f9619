import { useCallback, useEffect, useState } from 'react';
import type { PortalRemote, RegistryEntry } from '@portal/shared';
import { useShellApi } from '../shell-api/shell-api-context';
import { remotesApiRef } from '../shell-api/shell-apis';

type RemoteState =
  { status: 'loading' } | { status: 'ready'; remote: PortalRemote } | { status: 'error'; error: unknown };

/**
 * The remote of `entry`: a module the shell loaded already (an earlier visit, a nav entry pointed at, or a remote
 * without a portal-remote.json) is used at once, without a loading state in between; otherwise it loads now. `retry()` attempts the load again after a failure.
 */
export function useRemoteModule(entry: RegistryEntry) {
  // settle: a route's load (or Retry) also updates the remote's nav entries and card texts.
  const { loader: remoteLoader, modules, settle } = useShellApi(remotesApiRef);
  const { remote: remoteName, manifestUrl } = entry;
  const loaded = (): RemoteState | undefined => {
    const known = modules.getState().byName[remoteName];
    return known?.status === 'ready' && known.remote ? { status: 'ready', remote: known.remote } : undefined;
  };
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<RemoteState>(() => loaded() ?? { status: 'loading' });

  useEffect(() => {
    const known = loaded();
    if (known) {
      setState(known);
      return;
    }
    let active = true;
    if (attempt > 0) setState({ status: 'loading' });
    remoteLoader.load(entry, { retry: attempt > 0 }).then(
      (remote) => {
        settle(remoteName, remote);
        if (active) setState({ status: 'ready', remote });
      },
      (error: unknown) => {
        console.error(`Remote ${remoteName} failed to load`, error);
        settle(remoteName, null);
        if (active) setState({ status: 'error', error });
      },
    );
    return () => {
      active = false;
    };
    // The entry object is recreated on every registry load; its identity is remote + manifest URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remoteLoader, modules, settle, remoteName, manifestUrl, attempt]);

  const retry = useCallback(() => setAttempt((current) => current + 1), []);
  return { ...state, retry };
}
