import { z } from 'zod';
import type { DataSource } from './types';

const required = (field: string) =>
  z
    .string({ error: `validation_${field}_required` })
    .trim()
    .min(1, `validation_${field}_required`);

/** Port parsed as an integer, default 0 (spec §5). */
export function parsePort(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  const parsed = Number.parseInt(String(value ?? ''), 10);
  return Number.isNaN(parsed) ? 0 : parsed;
}

export const DB_ENGINES = ['mssql', 'mysql', 'postgres'] as const;

/** The database form / POST|PUT /user/ds / POST /user/ds/test body. */
export const dataSourceInputSchema = z.object({
  host: required('host'),
  port: z.preprocess(
    parsePort,
    z.number().int().min(0, 'validation_port_invalid').max(65535, 'validation_port_invalid'),
  ),
  database: required('database'),
  user: required('user'),
  // Passwords are not trimmed: spaces may be part of them.
  password: z.string({ error: 'validation_password_required' }).min(1, 'validation_password_required'),
  engine: z.enum(DB_ENGINES).optional(),
});
export type DataSourceInput = z.infer<typeof dataSourceInputSchema>;

const filled = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

/** Testing needs host, database, user and password; otherwise show error_connection_details_missing. */
export function canTestConnection(ds: Partial<DataSourceInput> | null | undefined): boolean {
  return Boolean(
    ds &&
    filled(ds.host) &&
    filled(ds.database) &&
    filled(ds.user) &&
    typeof ds.password === 'string' &&
    ds.password.length > 0,
  );
}

export const CONNECTION_DETAILS_MISSING_KEY = 'error_connection_details_missing';

/** "Data source configured" of card readiness: host, database, user. */
export function isDataSourceConfigured(ds: Partial<DataSource> | null | undefined): boolean {
  return Boolean(ds && filled(ds.host) && filled(ds.database) && filled(ds.user));
}
