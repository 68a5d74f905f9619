import { useMemo } from 'react';
import { useHttp } from '@portal/shared';
import type { DB_ENGINES, DataSource, DataSourceRequest, DataSourceTestResult } from '@portal/shared/domain';

export type DbEngine = (typeof DB_ENGINES)[number];

export function useDataSourceApi() {
  const http = useHttp();
  return useMemo(
    () => ({
      test(input: DataSourceRequest): Promise<DataSourceTestResult> {
        return http.post('/user/ds/test', input);
      },
      /** The api tests the connection first and saves only when it works. */
      save(input: DataSourceRequest, exists: boolean): Promise<DataSource> {
        return exists ? http.put<DataSource>('/user/ds', input) : http.post<DataSource>('/user/ds', input);
      },
    }),
    [http],
  );
}
