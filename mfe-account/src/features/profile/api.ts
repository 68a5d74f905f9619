import { useMemo } from 'react';
import { useHttp } from '@portal/shared';
import type { ProfileContact } from '@portal/shared/domain';

/** The fields a user edits on the personal-data tab (email and parentUserId are not theirs to change). */
export type ContactFormValues = Omit<ProfileContact, 'email' | 'parentUserId'>;

export function useProfileApi() {
  const http = useHttp();
  return useMemo(
    () => ({
      updateContact(values: ContactFormValues): Promise<ProfileContact> {
        return http.put<ProfileContact>('/user/profile/contact', values);
      },
    }),
    [http],
  );
}
