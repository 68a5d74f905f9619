import { apiErrorKey, isApiError, useHttp, useNotify } from '@portal/shared';
import { applyApiFieldErrors, usePortalForm } from '@portal/shared/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createRegistryEntry, updateRegistryEntry } from '../api';
import { entryFormSchema, entryFormValues, NEW_ENTRY_VALUES } from '../entry-form-values';
import type { StaffRegistryEntry } from '@portal/shared/domain';

/** Error slugs without `fields` that still belong to one field. */
const SLUG_FIELDS: Record<string, 'id' | 'routes' | 'manifestUrl'> = {
  'registry-entry-exists': 'id',
  'registry-route-taken': 'routes',
  'registry-route-reserved': 'routes',
  'manifest-host-not-allowed': 'manifestUrl',
};

/**
 * The create/edit form of one registry entry: the shared portal form checked by `registryEntryInputSchema` on blur
 * and submit (a shown error clears on edit), api field errors shown at their field, any other failure as
 * `submitError` — the dialog stays open with everything typed.
 */
export function useEntryForm(entry: StaffRegistryEntry | null, onSaved: (saved: StaffRegistryEntry) => void) {
  const http = useHttp();
  const notify = useNotify();
  const { t } = useTranslation('shell');
  const [submitError, setSubmitError] = useState<string | null>(null);
  const form = usePortalForm(entryFormSchema, entry ? entryFormValues(entry) : NEW_ENTRY_VALUES);

  const submit = form.handleSubmit(async (input) => {
    setSubmitError(null);
    try {
      const saved = entry ? await updateRegistryEntry(http, input) : await createRegistryEntry(http, input);
      notify.success({ message: t(entry ? 'staff_entry_saved' : 'staff_entry_created', { id: saved.id }) });
      onSaved(saved);
    } catch (error) {
      if (applyApiFieldErrors(error, form.setError)) return;
      const field = isApiError(error) ? SLUG_FIELDS[error.slug] : undefined;
      const key = apiErrorKey(error as { slug?: string; status?: number });
      if (field) form.setError(field, { type: 'server', message: key }, { shouldFocus: true });
      else setSubmitError(key);
    }
  });

  return { form, submit, submitError, editing: entry != null };
}
