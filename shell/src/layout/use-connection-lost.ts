import { useSyncExternalStore } from 'react';
import { connectionRef } from '../shell-api/shell-apis';
import { useOptionalShellApi } from '../shell-api/shell-api-context';

const noSubscription = () => () => undefined;

/** True while the api does not answer (false where no shell provides the connection state). */
export function useConnectionLost(): boolean {
  const connection = useOptionalShellApi(connectionRef);
  return useSyncExternalStore(
    connection ? connection.store.subscribe : noSubscription,
    () => connection?.store.getState().lost ?? false,
  );
}
