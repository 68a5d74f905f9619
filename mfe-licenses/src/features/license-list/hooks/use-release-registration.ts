import type { LicenseUser } from '@portal/shared/domain';
import { releaseRegistration } from '../api';
import { useLicenseStep } from './use-license-step';

/** Releases one registration of a license and tells the seller how it went. */
export function useReleaseRegistration(licenseId: string, onReleased: () => void) {
  const { start: release, busy } = useLicenseStep(
    'registrations_release_failed',
    async (entry: LicenseUser, { http, t }) => {
      await releaseRegistration(http, licenseId, entry);
      return {
        title: t('registrations_released_title'),
        message: t('registrations_released', { value: entry.value }),
      };
    },
    onReleased,
  );
  return { release, busy };
}
