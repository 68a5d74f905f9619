import { useMemo } from 'react';
import { useHttp } from '@portal/shared';
import type { SubUser, SubUserInput, SubUserMaxAllowed } from '@portal/shared/domain';

export function useSubUsersApi() {
  const http = useHttp();
  return useMemo(
    () => ({
      list(): Promise<SubUser[]> {
        return http.get<SubUser[]>('/user/subusers');
      },
      async maxAllowed(): Promise<number> {
        const answer = await http.get<SubUserMaxAllowed>('/user/subusers/max-allowed');
        return Number(answer?.max_allowed ?? 0);
      },
      create(input: SubUserInput): Promise<SubUser> {
        return http.post<SubUser>('/user/subusers', input);
      },
      remove(id: string): Promise<void> {
        return http.del<void>('/user/subusers', undefined, { query: { id } });
      },
    }),
    [http],
  );
}
