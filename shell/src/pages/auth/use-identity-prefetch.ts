// Intent to sign in, register or reset: a field of the form got focus or input. The identity service, the signed-in
// pages (authApiRef's prefetch) and the form's rules (chunks of their own) start loading then, not on page load, so
// the page stays light and neither a check, the submit nor the first signed-in page waits for the download.
import { useMemo, type SyntheticEvent } from 'react';
import type { LazyFormSchema } from '@portal/shared/forms';
import { useShellApi } from '../../shell-api/shell-api-context';
import { authApiRef } from '../../shell-api/shell-apis';

/** Handlers for the form element (focus and input events bubble up from its fields). */
export function useIdentityPrefetch(formSchema: LazyFormSchema) {
  const { prefetch } = useShellApi(authApiRef);
  return useMemo(() => {
    const onField = (event: SyntheticEvent) => {
      if (!(event.target instanceof HTMLInputElement)) return;
      prefetch();
      formSchema.prefetch();
    };
    return { onFocus: onField, onInput: onField };
  }, [prefetch, formSchema]);
}
