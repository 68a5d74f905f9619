import { DEFAULT_CURRENCY } from './constants';
import type { Product } from './types';

/** Struck-through original yearly price: amount / 10 * 12 (a year costs ten months: the 17 % badge), minor units. */
export function yearlyStruckPrice(amountCents: number): number {
  return Math.round((amountCents / 10) * 12);
}

/** Per-month share of a yearly price in cents (extra user/email prices on yearly cards). */
export function monthlyShare(cents: number): number {
  return cents / 12;
}

export function isFreeProduct(product: Pick<Product, 'priceNetto'>): boolean {
  return product.priceNetto.amount === 0;
}

/** Yearly product = duration unit year or duration 12. */
export function isYearlyProduct(product: Pick<Product, 'licenseTypeDetails'>): boolean {
  const duration = product.licenseTypeDetails[0]?.licenseValidDuration?.[0];
  return duration != null && (duration.unit === 'year' || duration.duration === 12);
}

/** Half-year product = six months. */
export function isHalfYearProduct(product: Pick<Product, 'licenseTypeDetails'>): boolean {
  const duration = product.licenseTypeDetails[0]?.licenseValidDuration?.[0];
  return duration != null && duration.unit === 'month' && duration.duration === 6;
}

export type Billing = 'monthly' | 'half_yearly' | 'yearly';

/** The billing period a product is listed under: yearly, half-yearly, or monthly (also free, trial, permanent). */
export function billingOf(product: Pick<Product, 'licenseTypeDetails'>): Billing {
  if (isYearlyProduct(product)) return 'yearly';
  return isHalfYearProduct(product) ? 'half_yearly' : 'monthly';
}

/** Months one price of the product pays for (extras on yearly and half-year cards are shown per month). */
export function monthsPerPrice(product: Pick<Product, 'licenseTypeDetails'>): number {
  return { yearly: 12, half_yearly: 6, monthly: 1 }[billingOf(product)];
}

/**
 * Buy page Monthly/Half-yearly/Yearly toggle: each lists its own plans; free products are listed under yearly and
 * monthly (not half-yearly: there is nothing to compare); mobile_default appears in all.
 */
export function productsForBilling<T extends Pick<Product, 'priceNetto' | 'licenseTypeDetails' | 'pluginName'>>(
  products: readonly T[],
  billing: Billing,
): T[] {
  return products.filter((p) => {
    if (p.pluginName === 'mobile_default') return true;
    if (billing === 'yearly') return isYearlyProduct(p) || isFreeProduct(p);
    return billingOf(p) === billing;
  });
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** German-locale money with 2 decimals from minor units: formatMoney(123456, 'EUR') → '1.234,56 €'. */
export function formatMoney(cents: number, currency: string = DEFAULT_CURRENCY): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('de-DE', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(currency, format);
  }
  return format.format(cents / 100);
}
