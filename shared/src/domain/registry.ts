import { z } from 'zod';
import { PLUGIN_NAMES } from './types';

export const localizedTextSchema = z.object({ en: z.string().min(1), de: z.string().min(1) });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

export const dashboardCardSchema = z.object({
  pluginName: z.enum(PLUGIN_NAMES),
  title: localizedTextSchema,
  description: localizedTextSchema,
  /** Key of an illustration the shell ships. */
  illustration: z.string(),
  comingSoon: z.boolean(),
  /** mobile and gpsr: no data-source prerequisite. */
  buyWithoutFilling: z.boolean(),
  audience: z.enum(['all', 'internal']),
  /** Where Configure leads, e.g. '/features/freshdesk'. */
  configurePath: z.string(),
});
export type DashboardCard = z.infer<typeof dashboardCardSchema>;

/** One entry of GET /api/portal/registry. */
export const registryEntrySchema = z.object({
  id: z.string(),
  remote: z.string().describe("Federation container name, e.g. 'mfe_gpsr'; '' for a page the shell renders itself"),
  manifestUrl: z.string().describe("URL of the remote's mf-manifest.json (may be relative); '' for a shell page"),
  /** Route prefixes the remote serves, e.g. ['/features/gpsr']. */
  routes: z.array(z.string()),
  card: dashboardCardSchema.optional(),
});
export type RegistryEntry = z.infer<typeof registryEntrySchema>;

export const registrySchema = z.object({ entries: z.array(registryEntrySchema) });
export type Registry = z.infer<typeof registrySchema>;
