import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorKey } from '../i18n';
import { supportCodeOf } from '../services/api-error';
import { useNotify } from '../services/context';

/** The error notification of a failed task: its title and, unless given, the text of the api error. */
export interface TaskFailure {
  title: string;
  message?: string;
}

/**
 * One task at a time behind a button (confirm, download, release): `busy` while it runs; a failure is shown as an
 * error notification, ending with the failed request's support code when there was one. `run` resolves whether the
 * task succeeded.
 */
export function useBusyTask() {
  const notify = useNotify();
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (failure: TaskFailure, task: () => Promise<unknown>): Promise<boolean> => {
      setBusy(true);
      try {
        await task();
        return true;
      } catch (error) {
        const text = failure.message ?? t(apiErrorKey(error));
        const code = supportCodeOf(error);
        notify.error({ title: failure.title, message: code ? `${text} ${t('support_code', { code })}` : text });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [notify, t],
  );
  return { busy, run };
}
