import { apiErrorKey, useHttp, useNotify } from '@portal/shared';
import type { LicenseUser } from '@portal/shared/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { releaseRegistration } from '../api';

/** Releases one registration of a license and tells the seller how it went. */
export function useReleaseRegistration(licenseId: string, onReleased: () => void) {
  const http = useHttp();
  const notify = useNotify();
  const { t } = useTranslation('licenses');
  const [busy, setBusy] = useState(false);

  const release = useCallback(
    async (entry: LicenseUser) => {
      setBusy(true);
      try {
        await releaseRegistration(http, licenseId, entry);
        notify.success({
          title: t('registrations_released_title'),
          message: t('registrations_released', { value: entry.value }),
        });
        onReleased();
      } catch (error) {
        notify.error({
          title: t('registrations_release_failed'),
          message: t(apiErrorKey(error as { slug?: string; status?: number }), { ns: 'common' }),
        });
      } finally {
        setBusy(false);
      }
    },
    [http, licenseId, notify, onReleased, t],
  );
  return { release, busy };
}
