import { z } from 'zod';
import { isFilled } from './completeness';
import { normalizedEmailSchema } from './email';
import { STATUSES } from './enums';
import { plainText } from './text';

const required = (field: string) =>
  z
    .string({ error: `validation_${field}_required` })
    .trim()
    .min(1, `validation_${field}_required`)
    .check(plainText());

/** Port parsed as an integer, default 0. */
export function parsePort(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  const parsed = Number.parseInt(String(value ?? ''), 10);
  return Number.isNaN(parsed) ? 0 : parsed;
}

export const DB_ENGINES = ['mssql', 'mysql', 'postgres'] as const;

/** Host name, IPv4, IPv6 (optionally in brackets), and for SQL Server an optional `\INSTANCE`. */
export const DB_HOST_PATTERN = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9._:-]+)(\\[A-Za-z0-9_$#-]{1,64})?$/;

/** The database form / POST|PUT /user/ds / POST /user/ds/test body. */
export const dataSourceInputSchema = z
  .object({
    host: required('host').regex(DB_HOST_PATTERN, 'validation_host_invalid'),
    port: z.preprocess(
      parsePort,
      z.number().int().min(0, 'validation_port_invalid').max(65535, 'validation_port_invalid'),
    ),
    database: required('database'),
    user: required('user'),
    // Passwords are not trimmed: spaces may be part of them.
    password: z
      .string({ error: 'validation_password_required' })
      .min(1, 'validation_password_required')
      .check(plainText()),
    engine: z.enum(DB_ENGINES, { error: 'validation_engine_invalid' }).optional(),
  })
  .superRefine((value, ctx) => {
    // Without an engine the api assumes SQL Server (JTL-Wawi).
    if (value.engine && value.engine !== 'mssql' && value.host?.includes('\\')) {
      ctx.addIssue({ code: 'custom', path: ['host'], message: 'validation_host_instance' });
    }
  });
export type DataSourceInput = z.infer<typeof dataSourceInputSchema>;

/**
 * The wire body of POST|PUT /user/ds, POST /user/ds/test and /schemas. Every field is optional so that missing
 * details answer 400 connection-details-missing; the api completes it (stored password) and parses it with
 * dataSourceInputSchema.
 */
export const dataSourceRequestSchema = z.object({
  host: z.string().max(255, 'validation_too_long').check(plainText()).optional(),
  port: z.union([z.number(), z.string().max(10, 'validation_port_invalid').check(plainText())]).optional(),
  database: z.string().max(128, 'validation_too_long').check(plainText()).optional(),
  user: z.string().max(128, 'validation_too_long').check(plainText()).optional(),
  password: z
    .string()
    .max(512, 'validation_too_long')
    .check(plainText())
    .optional()
    .describe('Missing or empty: the stored password is used (and kept) when there is one'),
  engine: z.enum(DB_ENGINES, { error: 'validation_engine_invalid' }).optional(),
  userEmails: z.array(normalizedEmailSchema).max(50, 'validation_too_many_emails').optional(),
});
export type DataSourceRequest = z.infer<typeof dataSourceRequestSchema>;

/** POST /user/ds/test answer (a failed connection answers 422). */
export const dataSourceTestResultSchema = z.object({ ok: z.literal(true), message: z.string() });
export type DataSourceTestResult = z.infer<typeof dataSourceTestResultSchema>;

/** POST /user/ds/schemas answer: the schema names of the seller's database. */
export const dataSourceSchemasSchema = z.object({ schemas: z.array(z.string()) });

/** DataSource as the api returns it: never with a password. */
export const dataSourceSchema = z.object({
  host: z.string(),
  port: z.number(),
  database: z.string(),
  user: z.string(),
  engine: z.enum(DB_ENGINES),
  userEmails: z.array(z.string()),
  status: z.enum(STATUSES),
});

/** Testing needs host, database, user and password; otherwise show error_connection_details_missing. */
export function canTestConnection(ds: Partial<DataSourceInput> | null | undefined): boolean {
  return Boolean(
    ds &&
    isFilled(ds.host) &&
    isFilled(ds.database) &&
    isFilled(ds.user) &&
    typeof ds.password === 'string' &&
    ds.password.length > 0,
  );
}
