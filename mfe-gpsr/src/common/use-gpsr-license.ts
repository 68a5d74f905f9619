import { useSession } from '@portal/shared';
import { hasValidLicense } from '@portal/shared/domain';

/** Whether the account holds a valid gpsr license (the api enforces the same rule on every GPSR route). */
export function useGpsrLicense(): boolean {
  const session = useSession();
  return hasValidLicense(session.licenses, 'gpsr');
}
