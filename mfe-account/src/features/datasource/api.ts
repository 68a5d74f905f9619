import { useMemo } from 'react';
import { useHttp } from '@portal/shared';
import type { DataSource } from '@portal/shared';

export type DbEngine = NonNullable<DataSource['engine']>;

export interface DataSourceInput {
  host: string;
  port: number;
  database: string;
  user: string;
  /** Left out to keep the saved password. */
  password?: string;
  engine: DbEngine;
}

export function useDataSourceApi() {
  const http = useHttp();
  return useMemo(
    () => ({
      test(input: DataSourceInput): Promise<{ ok: boolean; message?: string }> {
        return http.post('/user/ds/test', input);
      },
      /** The api tests the connection first and saves only when it works. */
      save(input: DataSourceInput, exists: boolean): Promise<DataSource> {
        return exists ? http.put<DataSource>('/user/ds', input) : http.post<DataSource>('/user/ds', input);
      },
    }),
    [http],
  );
}
