import { useCallback } from 'react';
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
 * Shows a failure as an error notification: its title, its text (unless given, the api error's in the seller's words)
 * and, when a request to the api failed, that request's support code (its X-Request-Id): the seller quotes it, support
 * finds the api's log lines of exactly that request. Every error notification of a failed request goes through here.
 */
export function useNotifyFailure(): (error: unknown, failure: TaskFailure) => void {
  const notify = useNotify();
  const { t } = useTranslation('common');
  return useCallback(
    (error, { title, message }) => {
      const text = message ?? t(apiErrorKey(error));
      const code = supportCodeOf(error);
      notify.error({ title, message: code ? `${text} ${t('support_code', { code })}` : text });
    },
    [notify, t],
  );
}
