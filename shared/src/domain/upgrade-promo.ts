import { isLicenseValid, licenseMatchesPlugin } from './license-validity';
import type { License, PluginName } from './types';

/** A valid license of the plugin that was paid for (net price above 0). */
export function hasPaidActiveLicense(
  licenses: readonly License[] | null | undefined,
  pluginName: PluginName,
  now: Date = new Date(),
): boolean {
  return (licenses ?? []).some(
    (l) => licenseMatchesPlugin(l, pluginName) && isLicenseValid(l, now) && (l.priceNetto?.amount ?? 0) > 0,
  );
}

/**
 * The upgrade promo on a feature page shows only to a main user (not a sub-user) without a paid active
 * license for that plugin.
 */
export function showsUpgradePromo(
  input: { licenses: readonly License[] | null | undefined; isSubUser: boolean },
  pluginName: PluginName,
  now: Date = new Date(),
): boolean {
  return !input.isSubUser && !hasPaidActiveLicense(input.licenses, pluginName, now);
}
