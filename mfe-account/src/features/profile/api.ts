import { useMemo } from 'react';
import { useHttp } from '@portal/shared';
import type { ProfileContact, VatVerification } from '@portal/shared/domain';

/** The fields a user edits on the personal-data tab (email, parentUserId and VIES's answer are not theirs). */
export type ContactFormValues = Omit<ProfileContact, 'email' | 'parentUserId' | 'vatVerification'>;

export function useProfileApi() {
  const http = useHttp();
  return useMemo(
    () => ({
      updateContact(values: ContactFormValues): Promise<ProfileContact> {
        return http.put<ProfileContact>('/user/profile/contact', values);
      },
      /** Asks VIES again about the saved VAT ID (the Retry of "not verified yet"). */
      retryVatVerification(): Promise<VatVerification> {
        return http.post<VatVerification>('/user/profile/vat-verification');
      },
    }),
    [http],
  );
}
