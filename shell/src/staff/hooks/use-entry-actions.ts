import { useHttp, useNotify, useNotifyFailure } from '@portal/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteRegistryEntry, entryInput, updateRegistryEntry } from '../api';
import type { StaffRegistryEntry } from '@portal/shared/domain';

/** Enable/disable and delete of one entry from the list, each followed by `onChanged` (reload the list). */
export function useEntryActions(onChanged: () => void) {
  const http = useHttp();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const { t } = useTranslation('shell');
  const [busyId, setBusyId] = useState<string | null>(null);

  const run = useCallback(
    async (id: string, action: () => Promise<unknown>, success: string, failure: string) => {
      setBusyId(id);
      try {
        await action();
        notify.success({ message: success });
        onChanged();
        return true;
      } catch (error) {
        notifyFailure(error, { title: failure });
        return false;
      } finally {
        setBusyId(null);
      }
    },
    [notify, notifyFailure, onChanged],
  );

  const setEnabled = useCallback(
    (entry: StaffRegistryEntry, enabled: boolean) =>
      run(
        entry.id,
        () => updateRegistryEntry(http, { ...entryInput(entry), enabled }),
        t(enabled ? 'staff_entry_enabled_done' : 'staff_entry_disabled_done', { id: entry.id }),
        t('staff_entry_save_failed', { id: entry.id }),
      ),
    [http, run, t],
  );

  const remove = useCallback(
    (entry: StaffRegistryEntry) =>
      run(
        entry.id,
        () => deleteRegistryEntry(http, entry.id),
        t('staff_entry_deleted', { id: entry.id }),
        t('staff_entry_delete_failed', { id: entry.id }),
      ),
    [http, run, t],
  );

  return { setEnabled, remove, busyId };
}
