import fs from 'node:fs';
import path from 'node:path';
import { dashboardCardSchema, type RegistryEntry } from '@portal/shared/domain';
import { z } from 'zod';

export const REGISTRY_FILE = path.resolve(__dirname, '..', '..', '..', 'registry', 'registry.json');

const fileEntrySchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** Federation container name; null for a page the shell renders itself. */
  remote: z.string().nullable(),
  /** Build folder under REMOTES_BASE_URL; null together with remote. */
  folder: z.string().nullable(),
  routes: z.array(z.string().startsWith('/')).min(1),
  card: dashboardCardSchema.optional(),
});

const fileSchema = z.object({ entries: z.array(fileEntrySchema) });
export type RegistryFileEntry = z.infer<typeof fileEntrySchema>;

export function readRegistryFile(file = REGISTRY_FILE): RegistryFileEntry[] {
  const parsed = fileSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`The registry file ${file} is invalid: ${parsed.error.issues[0].message}`);
  return parsed.data.entries;
}

export function resolveEntries(
  entries: RegistryFileEntry[],
  urls: { remotesBaseUrl: string; remoteUrls: Record<string, string> },
): RegistryEntry[] {
  return entries.map((e, index) => {
    const key = e.id.replace(/-/g, '_');
    const manifestUrl =
      e.remote === null || e.folder === null
        ? ''
        : (urls.remoteUrls[key] ?? `${urls.remotesBaseUrl}/${e.folder}/mf-manifest.json`);
    return {
      id: e.id,
      remote: e.remote ?? '',
      manifestUrl,
      routes: e.routes,
      order: index * 10,
      ...(e.card ? { card: e.card } : {}),
    };
  });
}

/** Internal-only cards, and the entries that carry them, are left out for everybody else. */
export function visibleEntries(entries: RegistryEntry[], internal: boolean): RegistryEntry[] {
  return internal ? entries : entries.filter((e) => e.card?.audience !== 'internal');
}
