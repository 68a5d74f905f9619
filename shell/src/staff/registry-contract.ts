// TEMPORARY: the CONTRACT's registry input schema until `registry` lands shared/src/domain/registry.ts with
// registryEntryInputSchema; then this file goes and the imports point at @portal/shared/domain.
import { z } from 'zod';

const RESERVED_ROUTES = ['/', '/login', '/register', '/forgot-password', '/dashboard', '/staff'];
const localized = z.object({
  en: z.string().min(1, 'validation_field_invalid'),
  de: z.string().min(1, 'validation_field_invalid'),
});

export const registryEntryInputSchema = z
  .object({
    id: z.string().regex(/^[a-z][a-z0-9-]{1,39}$/, 'validation_field_invalid'),
    remote: z.string().regex(/^([a-z_][a-z0-9_]*)?$/, 'validation_field_invalid'),
    manifestUrl: z
      .string()
      .refine((v) => v === '' || v.startsWith('/') || /^https?:\/\/\S+$/.test(v), 'validation_field_invalid'),
    routes: z
      .array(
        z
          .string()
          .regex(/^\/[a-z0-9-]+(\/[a-z0-9-:]+)*$/, 'validation_field_invalid')
          .refine((r) => !RESERVED_ROUTES.some((x) => r === x || r.startsWith(`${x}/`)), 'validation_field_invalid'),
      )
      .min(1, 'validation_field_invalid'),
    enabled: z.boolean(),
    audience: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('all') }).strict(),
      z.object({ kind: z.literal('internal') }).strict(),
      z
        .object({ kind: z.literal('sellers'), emails: z.array(z.email('validation_email_invalid')).min(1).max(200) })
        .strict(),
    ]),
    comingSoon: z.boolean(),
    buyWithoutFilling: z.boolean(),
    order: z.number().int().min(0).max(1000),
    card: z
      .object({
        pluginName: z.string().regex(/^[a-z][a-z0-9_]{1,39}$/, 'validation_field_invalid'),
        title: localized.optional(),
        description: localized.optional(),
        illustration: z.string().optional(),
        configurePath: z.string().startsWith('/', 'validation_field_invalid'),
      })
      .strict()
      .nullable(),
  })
  .strict()
  .refine((v) => (v.remote === '') === (v.manifestUrl === ''), {
    path: ['manifestUrl'],
    message: 'validation_field_invalid',
  });

export type RegistryEntryInput = z.infer<typeof registryEntryInputSchema>;
export type StaffRegistryEntry = RegistryEntryInput & { updatedAt: string; updatedBy: string | null };
