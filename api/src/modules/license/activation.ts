import { estimateExpiry, type ExtraOptions, type License, type PluginName } from '@portal/shared/domain';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { PluginAudience } from '../portal/plugin-audience';
import { findProduct, pluginNamesFor, productNotFound, type ProductRow } from './product';
import { generateLicenseKey } from './license-key';
import { toLicense } from './license-mapper';
import { findActiveLicenseOfProduct, findTrialLicense, insertLicense, lockOwnerRow } from './repository';

/**
 * Creates a license for `product` with a fresh random key: expiry = now + the product's duration
 * (estimateExpiry), none for free and permanent products. Also for the billing module after a payment.
 */
export async function issueLicense(
  db: Db,
  owner: { userId: string; email: string },
  product: ProductRow,
  opts: { now?: Date; extraOptions?: ExtraOptions } = {},
): Promise<License> {
  const now = opts.now ?? new Date();
  const duration =
    product.durationUnit && product.duration != null
      ? { unit: product.durationUnit, duration: product.duration }
      : null;
  const noExpiry = product.licenseType === 'free' || product.licenseType === 'permanent';
  const row = await insertLicense(db, {
    userId: owner.userId,
    productId: product.id,
    key: generateLicenseKey(product.pluginName as PluginName),
    status: 'active',
    createdAt: now,
    expiresAt: noExpiry ? null : estimateExpiry(duration, now),
    licenseUsers: [{ type: 'email', value: owner.email }],
    extraOptions: (opts.extraOptions ?? {}) as Record<string, unknown>,
  });
  return toLicense(row, product, now);
}

/**
 * Activates a free (no expiry) or trial (now + its duration, 3 days) product for a main user.
 * One trial per plugin per user, one license per free product.
 */
export async function activateFreeOrTrial(
  db: Db,
  owner: UserRow,
  productId: string,
  audience: Pick<PluginAudience, 'refuseUnlessBuyable'>,
  now = new Date(),
): Promise<License> {
  const product = await findProduct(db, productId);
  if (!product) throw productNotFound();
  // Free and trial licenses are offered like paid ones: to the accounts the plugin's card is meant for.
  await audience.refuseUnlessBuyable(owner.id, product.pluginName, 'licenseProductID');
  if (product.licenseType !== 'free' && product.licenseType !== 'trial') {
    throw new HttpError(
      400,
      'product-not-free-or-trial',
      'This product is neither free nor a trial; it has to be bought',
    );
  }
  const plugin = product.pluginName as PluginName;

  return db.transaction(async (tx) => {
    // Serialises activations of one owner, so two parallel clicks cannot both pass the checks below.
    await lockOwnerRow(tx, owner.id);
    if (product.licenseType === 'trial') {
      const used = await findTrialLicense(tx, owner.id, pluginNamesFor(plugin));
      if (used) throw new HttpError(409, 'trial-already-used', 'The free trial of this plugin has already been used');
    } else {
      const existing = await findActiveLicenseOfProduct(tx, owner.id, product.id);
      if (existing) throw new HttpError(409, 'license-already-active', 'You already have this free license');
    }
    return issueLicense(tx as unknown as Db, { userId: owner.id, email: owner.email }, product, { now });
  });
}
