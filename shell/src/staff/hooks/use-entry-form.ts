import { zodResolver } from '@hookform/resolvers/zod';
import { apiErrorKey, isApiError, useHttp, useNotify } from '@portal/shared';
import { applyApiFieldErrors } from '@portal/shared/forms';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createRegistryEntry, updateRegistryEntry } from '../api';
import { entryFormValues, NEW_ENTRY_VALUES, toEntryInput, type EntryFormValues } from '../entry-form-values';
import { registryEntryInputSchema, type RegistryEntryInput, type StaffRegistryEntry } from '@portal/shared/domain';

const inputResolver = zodResolver(registryEntryInputSchema);

/** The shared schema checks what would be sent: the form's values turned into the api body first. */
const entryResolver: Resolver<EntryFormValues, unknown, RegistryEntryInput> = (values, context, options) =>
  inputResolver(toEntryInput(values), context, options as never) as ReturnType<
    Resolver<EntryFormValues, unknown, RegistryEntryInput>
  >;

/** Error slugs without `fields` that still belong to one field. */
const SLUG_FIELDS: Record<string, 'id' | 'routes' | 'manifestUrl'> = {
  'registry-entry-exists': 'id',
  'registry-route-taken': 'routes',
  'registry-route-reserved': 'routes',
  'manifest-host-not-allowed': 'manifestUrl',
};

/**
 * The create/edit form of one registry entry: react-hook-form checked by `registryEntryInputSchema` on blur and
 * submit (a shown error clears on edit), api field errors shown at their field, any other failure as `submitError`
 * — the dialog stays open with everything typed.
 */
export function useEntryForm(entry: StaffRegistryEntry | null, onSaved: (saved: StaffRegistryEntry) => void) {
  const http = useHttp();
  const notify = useNotify();
  const { t } = useTranslation('shell');
  const [submitError, setSubmitError] = useState<string | null>(null);
  const form = useForm<EntryFormValues, unknown, RegistryEntryInput>({
    resolver: entryResolver,
    defaultValues: entry ? entryFormValues(entry) : NEW_ENTRY_VALUES,
    mode: 'onBlur',
    reValidateMode: 'onChange',
  });
  const { watch, getFieldState, trigger } = form;

  useEffect(() => {
    const subscription = watch((_values, { name, type }) => {
      if (type === 'change' && name && getFieldState(name).error) void trigger(name);
    });
    return () => subscription.unsubscribe();
  }, [watch, getFieldState, trigger]);

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
