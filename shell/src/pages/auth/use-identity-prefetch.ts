// Intent to sign in, register or reset: the visitor types into a field of the form (or the browser fills it in). The
// identity service, the signed-in pages (authApiRef's prefetch) and the form's rules (chunks of their own) start
// loading then, while the visitor types: not on page load, and not on a field's focus either, so a click into the form
// loads only what draws and runs the form (/login's budget, e2e/tests/budgets.spec.ts). A check or submit that comes
// without any typing loads what it needs itself.
import { useMemo, type FormEvent } from 'react';
import type { LazyFormSchema } from '@portal/shared/forms';
import { useShellApi } from '../../shell-api/shell-api-context';
import { authApiRef } from '../../shell-api/shell-apis';

/** `formProps` for the form element (input events bubble up from its fields); `prefetch` for values typed elsewhere. */
export function useIdentityPrefetch(formSchema: LazyFormSchema) {
  const { prefetch: prefetchIdentity } = useShellApi(authApiRef);
  return useMemo(() => {
    const prefetch = () => {
      prefetchIdentity();
      formSchema.prefetch();
    };
    const onInput = (event: FormEvent) => {
      if (event.target instanceof HTMLInputElement) prefetch();
    };
    return { prefetch, formProps: { onInput } };
  }, [prefetchIdentity, formSchema]);
}
