import { z } from 'zod';
import { dataSourceInputSchema, isDataSourceConfigured, parsePort, type DataSource } from '@portal/shared/domain';
import type { DbEngine } from './api';

export const ENGINES: { value: DbEngine; labelKey: string; defaultPort: number }[] = [
  { value: 'mssql', labelKey: 'ds_engine_mssql', defaultPort: 1433 },
  { value: 'mysql', labelKey: 'ds_engine_mysql', defaultPort: 3306 },
  { value: 'postgres', labelKey: 'ds_engine_postgres', defaultPort: 5432 },
];

/**
 * The database form: the shared input schema, with the port typed as text (required, like host, database and user)
 * and, when a password is saved already, an empty password meaning "keep the saved one".
 */
export function dataSourceFormSchema(passwordSaved: boolean) {
  const { port, password } = dataSourceInputSchema.shape;
  return dataSourceInputSchema.safeExtend({
    port: z
      .string()
      .trim()
      .min(1, 'validation_port_required')
      .refine((value) => port.safeParse(value).success, 'validation_port_invalid')
      .transform(parsePort),
    password: passwordSaved ? z.string() : password,
    engine: z.enum(ENGINES.map((engine) => engine.value) as [DbEngine, ...DbEngine[]]),
  });
}
export type DataSourceFormValues = z.input<ReturnType<typeof dataSourceFormSchema>>;

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

/** What the test and save calls send; no password means the saved one. */
export function toInput(values: DataSourceFormValues) {
  return {
    host: values.host.trim(),
    port: parsePort(values.port),
    database: values.database.trim(),
    user: values.user.trim(),
    ...(values.password ? { password: values.password } : {}),
    engine: values.engine,
  };
}

/** Testing the connection needs host, database, user and a password (typed, or the saved one). */
export function canTest(values: DataSourceFormValues, passwordSaved: boolean): boolean {
  return isDataSourceConfigured(toInput(values)) && (passwordSaved || values.password.length > 0);
}
