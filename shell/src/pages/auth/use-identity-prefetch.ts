// Intent to sign in, register or reset: a field of the form got focus or input. The identity service and the signed-in
// layout (chunks of their own) start loading then, not on page load, so the page stays light and neither the submit
// nor the first signed-in page waits for the download.
import { useMemo, type SyntheticEvent } from 'react';
import { useShellApi } from '../../composition/shell-api-context';
import { authApiRef } from '../../composition/shell-apis';
import { preloadSignedInPages } from '../../routes/load-signed-in';

/** Handlers for the form element (focus and input events bubble up from its fields). */
export function useIdentityPrefetch() {
  const { prefetch } = useShellApi(authApiRef);
  return useMemo(() => {
    const onField = (event: SyntheticEvent) => {
      if (!(event.target instanceof HTMLInputElement)) return;
      prefetch();
      preloadSignedInPages();
    };
    return { onFocus: onField, onInput: onField };
  }, [prefetch]);
}
