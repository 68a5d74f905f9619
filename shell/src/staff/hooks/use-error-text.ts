import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The text of a form error: schema and api messages are keys of the `common` namespace; a message that is not a
 * key (a library default) shows the generic "invalid" text instead of English internals.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation('common');
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      return i18n.exists(message, { ns: 'common' }) ? t(message) : t('validation_field_invalid');
    },
    [i18n, t],
  );
}
