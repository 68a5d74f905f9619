import { useBusyTask, useHttp, useNotify } from '@portal/shared';
import type { LicenseUser } from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';
import { releaseRegistration } from '../api';

/** Releases one registration of a license and tells the seller how it went. */
export function useReleaseRegistration(licenseId: string, onReleased: () => void) {
  const http = useHttp();
  const notify = useNotify();
  const { t } = useTranslation('licenses');
  const { busy, run } = useBusyTask();

  const release = (entry: LicenseUser) =>
    run({ title: t('registrations_release_failed') }, async () => {
      await releaseRegistration(http, licenseId, entry);
      notify.success({
        title: t('registrations_released_title'),
        message: t('registrations_released', { value: entry.value }),
      });
      onReleased();
    });
  return { release, busy };
}
