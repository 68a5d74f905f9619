import fs from 'node:fs';
import path from 'node:path';
import {
  licenseMatchesPlugin,
  registryEntryFieldsSchema,
  registryEntryIssues,
  type PluginName,
  type RegistryEntry,
} from '@portal/shared/domain';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { RegistryEntryRow } from '../../db/schema';
import { API_ROOT } from '../../lib/api-root';
import { canSee, viewerResolver, type ViewerDeps } from './plugin-audience';
import { previewManifestUrls } from './releases-repository';
import { listRegistryRows, seedRegistryRows } from './repository';

export const REGISTRY_FILE = path.join(API_ROOT, 'registry', 'registry.json');

/**
 * The plugins an account may use because it holds a valid license of them. The license module above answers it; the
 * composition root passes it in, so the registry never imports the module that imports its audience rule.
 */
export type LicensedPlugins = (db: Db, uid: string) => Promise<PluginName[]>;

/**
 * What the registry services use: the database, the remotes' config, the log, the identity service and its rule, and
 * the licensed plugins of an account.
 */
export interface RegistryDeps extends ViewerDeps {
  db: Db;
  config: Pick<AppConfig, 'remotesBaseUrl' | 'remoteUrls'>;
  log: FastifyBaseLogger;
  licensedPlugins: LicensedPlugins;
}

/** An entry of registry.json: the staff input, with the build folder instead of the manifest URL. */
const fileEntrySchema = registryEntryFieldsSchema.omit({ manifestUrl: true }).extend({
  folder: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .nullable(),
});
const fileSchema = z.object({ $comment: z.string().optional(), entries: z.array(fileEntrySchema) }).strict();
export type RegistryFileEntry = z.infer<typeof fileSchema>['entries'][number];

export function readRegistryFile(file = REGISTRY_FILE): RegistryFileEntry[] {
  const parsed = fileSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`The registry file ${file} is invalid at ${issue.path.join('.')}: ${issue.message}`);
  }
  const seen = new Set<string>();
  for (const entry of parsed.data.entries) {
    const manifestUrl = entry.folder ? 'x' : '';
    const problems = registryEntryIssues({ ...entry, manifestUrl }).concat(
      entry.routes.filter((r) => seen.has(r)).map((r) => ({ path: ['routes'], message: `route ${r} taken` })),
    );
    if (seen.has(entry.id) || problems.length) {
      throw new Error(
        `The registry file ${file} is invalid at entry ${entry.id}: ${problems[0]?.message ?? 'id twice'}`,
      );
    }
    seen.add(entry.id);
    entry.routes.forEach((r) => seen.add(r));
  }
  return parsed.data.entries;
}

/** Seeds registry_entries from registry.json on the first start (see seedRegistryRows). */
export async function seedRegistry(
  deps: Pick<RegistryDeps, 'db' | 'config' | 'log'>,
  file = REGISTRY_FILE,
): Promise<number> {
  const rows = readRegistryFile(file).map((e) => ({
    id: e.id,
    remote: e.remote,
    manifestUrl: e.folder ? `${deps.config.remotesBaseUrl}/${e.folder}/mf-manifest.json` : '',
    routes: e.routes,
    enabled: e.enabled,
    audience: e.audience,
    comingSoon: e.comingSoon,
    buyWithoutFilling: e.buyWithoutFilling,
    sortOrder: e.order,
    card: e.card,
    updatedBy: null,
  }));
  const inserted = await seedRegistryRows(deps.db, rows);
  if (inserted) deps.log.info({ entries: inserted }, 'plugin registry seeded from registry.json');
  return inserted;
}

/**
 * The manifest URL the shell should load: REMOTE_URL_<ID> (deployment override) wins, then the preview release's for
 * a viewer who gets it (internal accounts), then the stored one (the live release's, or one set by hand).
 */
export function effectiveManifestUrl(
  row: Pick<RegistryEntryRow, 'id' | 'remote' | 'manifestUrl'>,
  config: Pick<AppConfig, 'remoteUrls'>,
  previewUrl?: string,
) {
  if (!row.remote) return '';
  return config.remoteUrls[row.id.replace(/-/g, '_')] ?? previewUrl ?? row.manifestUrl;
}

export function toPublicEntry(
  row: RegistryEntryRow,
  config: Pick<AppConfig, 'remoteUrls'>,
  previewUrl?: string,
): RegistryEntry {
  const card = row.card
    ? {
        pluginName: row.card.pluginName,
        ...(row.card.title ? { title: row.card.title } : {}),
        ...(row.card.description ? { description: row.card.description } : {}),
        ...(row.card.illustration ? { illustration: row.card.illustration } : {}),
        comingSoon: row.comingSoon,
        buyWithoutFilling: row.buyWithoutFilling,
        audience: row.audience.kind,
        configurePath: row.card.configurePath,
      }
    : undefined;
  return {
    id: row.id,
    remote: row.remote,
    manifestUrl: effectiveManifestUrl(row, config, previewUrl),
    routes: row.routes,
    order: row.sortOrder,
    ...(card ? { card } : {}),
  };
}

/**
 * The enabled entries one caller gets, in order (read live from the database): those meant for them (canSee), and
 * the pages of every plugin they hold a valid license of whatever its audience, without the card (the audience decides
 * who sees the card and may buy; what was paid for stays usable).
 */
export async function registryFor(
  deps: Pick<RegistryDeps, 'db' | 'config' | 'licensedPlugins'>,
  request: FastifyRequest,
  viewerOf: ReturnType<typeof viewerResolver>,
): Promise<RegistryEntry[]> {
  const rows = await listRegistryRows(deps.db, { enabledOnly: true });
  const needed = rows.some((row) => row.audience.kind !== 'all' || row.previewRelease);
  const viewer = await viewerOf(request, needed);
  const seen = new Set(rows.filter((row) => canSee(row, viewer)).map((row) => row.id));
  const hidden = rows.filter((row) => !seen.has(row.id) && row.card);
  const licensed = hidden.length && request.identity ? await deps.licensedPlugins(deps.db, request.identity.uid) : [];
  const usable = new Set(
    hidden
      .filter((row) => licensed.some((plugin) => licenseMatchesPlugin({ pluginName: plugin }, row.card!.pluginName)))
      .map((row) => row.id),
  );
  const served = rows.filter((row) => seen.has(row.id) || usable.has(row.id));
  // A preview release is for internal accounts only: everybody else never gets its URL.
  const previews = viewer.staff ? await previewsOf(deps.db, served) : new Map<string, string>();
  return served.map((row) => {
    const entry = toPublicEntry(row, deps.config, previews.get(row.id));
    if (seen.has(row.id)) return entry;
    const { card: _card, ...page } = entry;
    return page;
  });
}

function previewsOf(db: Db, rows: RegistryEntryRow[]): Promise<Map<string, string>> {
  return previewManifestUrls(
    db,
    rows.filter((row) => row.previewRelease).map((row) => row.id),
  );
}

/** Origins of the absolute manifest URLs of the enabled entries, preview releases included (the portal server's CSP). */
export async function remoteOrigins(deps: Pick<RegistryDeps, 'db' | 'config'>): Promise<string[]> {
  const rows = await listRegistryRows(deps.db, { enabledOnly: true });
  const previews = await previewsOf(deps.db, rows);
  const origins = new Set<string>();
  const urls = rows.flatMap((row) => [
    effectiveManifestUrl(row, deps.config),
    effectiveManifestUrl(row, deps.config, previews.get(row.id)),
  ]);
  for (const url of urls) {
    if (!/^https?:\/\//i.test(url)) continue;
    try {
      origins.add(new URL(url).origin);
    } catch {
      // a stored URL that does not parse contributes no origin
    }
  }
  return [...origins].sort();
}
