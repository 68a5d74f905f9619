// Intent to sign in, register or reset: a field of the form got focus or input. The identity service (its own chunk)
// starts loading then, not on page load, so the page stays light and the submit does not wait for the download.
import { useMemo, type SyntheticEvent } from 'react';
import { useShellApi } from '../../composition/shell-api-context';
import { authApiRef } from '../../composition/shell-apis';

/** Handlers for the form element (focus and input events bubble up from its fields). */
export function useIdentityPrefetch() {
  const { prefetch } = useShellApi(authApiRef);
  return useMemo(() => {
    const onField = (event: SyntheticEvent) => {
      if (event.target instanceof HTMLInputElement) prefetch();
    };
    return { onFocus: onField, onInput: onField };
  }, [prefetch]);
}
