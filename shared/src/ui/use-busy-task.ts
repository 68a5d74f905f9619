import { useCallback, useState } from 'react';
import { type TaskFailure, useNotifyFailure } from './use-notify-failure';

/**
 * One task at a time behind a button (confirm, download, release): `busy` while it runs; a failure is shown as an
 * error notification, ending with the failed request's support code when there was one. `run` resolves whether the
 * task succeeded.
 */
export function useBusyTask() {
  const notifyFailure = useNotifyFailure();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (failure: TaskFailure, task: () => Promise<unknown>): Promise<boolean> => {
      setBusy(true);
      try {
        await task();
        return true;
      } catch (error) {
        notifyFailure(error, failure);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [notifyFailure],
  );
  return { busy, run };
}
