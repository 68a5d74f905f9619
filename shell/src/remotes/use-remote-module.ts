import { useCallback, useEffect, useState } from 'react';
import type { PortalRemote, RegistryEntry } from '@portal/shared';
import { useShellApi } from '../composition/shell-api-context';
import { remotesApiRef } from '../composition/shell-apis';

type RemoteState =
  { status: 'loading' } | { status: 'ready'; remote: PortalRemote } | { status: 'error'; error: unknown };

/** Loads the remote of `entry` on first use; `retry()` attempts the load again after a failure. */
export function useRemoteModule(entry: RegistryEntry) {
  // settle: a route's load (or Retry) also updates the remote's nav entries and card texts.
  const { loader: remoteLoader, settle } = useShellApi(remotesApiRef);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<RemoteState>({ status: 'loading' });
  const { remote: remoteName, manifestUrl } = entry;

  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
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
  }, [remoteLoader, settle, remoteName, manifestUrl, attempt]);

  const retry = useCallback(() => setAttempt((current) => current + 1), []);
  return { ...state, retry };
}
