import { DB_ENGINES, normalizedEmailSchema } from '@portal/shared/domain';
import { z } from 'zod';

/**
 * Connection details as sent by the database form. Every field is optional here so that missing
 * details answer 400 `connection-details-missing` (spec §5/§8) instead of a generic validation error;
 * the handler checks completeness with the shared `canTestConnection` and parses with `dataSourceInputSchema`.
 */
export const connectionBodySchema = z.object({
  host: z.string().max(255, 'host is too long').optional(),
  port: z.union([z.number(), z.string().max(10, 'port is invalid')]).optional(),
  database: z.string().max(128, 'database is too long').optional(),
  user: z.string().max(128, 'user is too long').optional(),
  password: z.string().max(512, 'password is too long').optional(),
  engine: z.enum(DB_ENGINES, { error: 'engine must be mssql, mysql or postgres' }).optional(),
  userEmails: z.array(normalizedEmailSchema).max(50, 'At most 50 user emails').optional(),
});
export type ConnectionBody = z.infer<typeof connectionBodySchema>;

/** DataSource of shared/src/domain/types.ts, never with a password. */
export const dataSourceResponseSchema = z.object({
  host: z.string(),
  port: z.number(),
  database: z.string(),
  user: z.string(),
  engine: z.enum(DB_ENGINES),
  userEmails: z.array(z.string()),
  status: z.enum(['active', 'inactive', 'deleted', 'validate']),
});

export const testResultSchema = z.object({ ok: z.literal(true), message: z.string() });
export const schemasResultSchema = z.object({ schemas: z.array(z.string()) });
