import { licenseMatchesPlugin, type PluginName } from '@portal/shared/domain';
import type { Db } from '../../../db/client';
import type { RegistryEntryRow } from '../../../db/schema';
import { HttpError } from '../../../lib/http-error';
import { listRegistryRows } from '../repository';
import { accountViewers, ANONYMOUS, canSee, type ViewerDeps } from './viewer';

export interface PluginAudienceDeps extends ViewerDeps {
  db: Db;
}

type CardRow = RegistryEntryRow & { card: NonNullable<RegistryEntryRow['card']> };

/** A product's plugin belongs to a card's: the same name, or mobile_default under mobile. */
const cardSells = (cardPlugin: string, productPlugin: string) =>
  licenseMatchesPlugin({ pluginName: productPlugin as PluginName }, cardPlugin);

export const pluginNotAvailable = (pluginName: string, field = 'pluginName') =>
  new HttpError(403, 'plugin-not-available', `The plugin ${pluginName} is not offered to your account`, {
    [field]: 'api_error_plugin_not_available',
  });

/**
 * Who may buy a plugin, from the registry: an account may buy (and the catalogue offers it) a plugin whose dashboard
 * card, on an enabled entry, is meant for it (canSee). A plugin no card names is offered to nobody. Read live, so a
 * change staff make in the console counts at once.
 */
export function pluginAudience(deps: PluginAudienceDeps) {
  const viewerOfAccount = accountViewers(deps);

  /** The card plugin names the account may buy. */
  async function buyablePlugins(uid: string): Promise<Set<string>> {
    const rows = (await listRegistryRows(deps.db, { enabledOnly: true })).filter((row): row is CardRow => !!row.card);
    const needed = rows.some((row) => row.audience.kind !== 'all');
    const viewer = needed ? await viewerOfAccount(uid) : ANONYMOUS;
    return new Set(rows.filter((row) => canSee(row, viewer)).map((row) => row.card.pluginName));
  }

  /** Whether the account may buy products of `productPlugin` (a product's pluginName; mobile_default counts as mobile). */
  function offers(buyable: Set<string>, productPlugin: string): boolean {
    return [...buyable].some((cardPlugin) => cardSells(cardPlugin, productPlugin));
  }

  return {
    buyablePlugins,
    offers,
    /** 403 plugin-not-available unless the account may buy products of `productPlugin`. */
    async refuseUnlessBuyable(uid: string, productPlugin: string, field?: string): Promise<void> {
      if (!offers(await buyablePlugins(uid), productPlugin)) throw pluginNotAvailable(productPlugin, field);
    },
  };
}

export type PluginAudience = ReturnType<typeof pluginAudience>;
