import { canTestConnection, dataSourceInputSchema, fieldErrors, parsePort } from '@portal/shared';
import type { DataSource } from '@portal/shared';
import type { DataSourceInput, DbEngine } from './api';

export interface DataSourceFormValues {
  host: string;
  port: string;
  database: string;
  user: string;
  password: string;
  engine: DbEngine;
}

export const ENGINES: { value: DbEngine; labelKey: string; defaultPort: number }[] = [
  { value: 'mssql', labelKey: 'ds_engine_mssql', defaultPort: 1433 },
  { value: 'mysql', labelKey: 'ds_engine_mysql', defaultPort: 3306 },
  { value: 'postgres', labelKey: 'ds_engine_postgres', defaultPort: 5432 },
];

export function dataSourceToForm(ds: DataSource | null | undefined): DataSourceFormValues {
  return {
    host: ds?.host ?? '',
    port: ds?.port ? String(ds.port) : '',
    database: ds?.database ?? '',
    user: ds?.user ?? '',
    password: '',
    engine: ds?.engine ?? 'mssql',
  };
}

export function toInput(values: DataSourceFormValues): DataSourceInput {
  return {
    host: values.host.trim(),
    port: parsePort(values.port),
    database: values.database.trim(),
    user: values.user.trim(),
    password: values.password,
    engine: values.engine,
  };
}

/** Spec §5: testing needs host, database, user and password. */
export function hasTestDetails(values: DataSourceFormValues): boolean {
  return canTestConnection(toInput(values));
}

export type DataSourceField = 'host' | 'port' | 'database' | 'user' | 'password';

/** Spec §5: host, port, database, user, password are required to save (shared schema, i18n keys). */
export function validateForSave(values: DataSourceFormValues): Partial<Record<DataSourceField, string>> {
  const errors = fieldErrors(dataSourceInputSchema, toInput(values)) as Partial<Record<DataSourceField, string>>;
  if (!values.port.trim()) errors.port = 'validation_port_required';
  return errors;
}
