import { formatDate, formatDateTime, formatDateUtc } from './format';
import {
  formatMoney,
  isFreeProduct,
  isYearlyProduct,
  monthlyShare,
  productsForBilling,
  monthsPerPrice,
  yearlyStruckPrice,
} from './money';
import { clampPage, hasNextPage, hasPreviousPage, offsetFor, pageRange, pageSlice, totalPages } from './pagination';
import type { DurationSpec, Product } from './types';
import { isNotFoundMessage, STATUS_MESSAGES } from './errors';

const product = (
  name: string,
  amount: number,
  duration: DurationSpec,
  pluginName: Product['pluginName'] = 'fresh_desk',
): Product => ({
  id: name,
  name,
  pluginName,
  tier: null,
  priceNetto: { amount, currency: 'EUR' },
  licenseTypeDetails: [
    { type: 'subscription', licenseValidDuration: [duration], maxRegistrationsCount: 1, extraOptions: {} },
  ],
});

describe('VAT and prices', () => {
  it('yearly struck price is amount / 10 * 12', () => {
    expect(yearlyStruckPrice(10000)).toBe(12000);
    expect(yearlyStruckPrice(9990)).toBe(11988);
  });
  it('monthly share divides by 12', () => {
    expect(monthlyShare(1200)).toBe(100);
  });
  it('free and yearly products', () => {
    expect(isFreeProduct(product('f', 0, { unit: 'day', duration: 3 }))).toBe(true);
    expect(isFreeProduct(product('p', 1, { unit: 'month', duration: 1 }))).toBe(false);
    expect(isYearlyProduct(product('y', 1, { unit: 'year', duration: 1 }))).toBe(true);
    expect(isYearlyProduct(product('y12', 1, { unit: 'month', duration: 12 }))).toBe(true);
    expect(isYearlyProduct(product('m', 1, { unit: 'month', duration: 1 }))).toBe(false);
  });
  it('splits products for the monthly/half-yearly/yearly toggle', () => {
    const list = [
      product('free', 0, { unit: 'day', duration: 3 }),
      product('monthly', 990, { unit: 'month', duration: 1 }),
      product('half', 5445, { unit: 'month', duration: 6 }),
      product('yearly', 9900, { unit: 'year', duration: 1 }),
      product('mobile', 500, { unit: 'month', duration: 1 }, 'mobile_default'),
    ];
    expect(productsForBilling(list, 'yearly').map((p) => p.name)).toEqual(['free', 'yearly', 'mobile']);
    expect(productsForBilling(list, 'half_yearly').map((p) => p.name)).toEqual(['half', 'mobile']);
    expect(productsForBilling(list, 'monthly').map((p) => p.name)).toEqual(['free', 'monthly', 'mobile']);
    expect(list.map((p) => monthsPerPrice(p))).toEqual([1, 1, 6, 12, 1]);
  });
});

describe('formatMoney', () => {
  it('German locale, 2 decimals, from minor units', () => {
    expect(formatMoney(123456, 'EUR').replace(/\s/g, ' ')).toBe('1.234,56 €');
    expect(formatMoney(5, 'EUR').replace(/\s/g, ' ')).toBe('0,05 €');
    expect(formatMoney(100).replace(/\s/g, ' ')).toBe('1,00 €');
    expect(formatMoney(1990, 'USD').replace(/\s/g, ' ')).toBe('19,90 $');
  });
});

describe('dates', () => {
  it('formatDateTime uses day.month.year hour:minute', () => {
    expect(formatDateTime('2024-03-05T14:07:00Z', 'UTC')).toBe('05.03.2024, 14:07');
    expect(formatDateTime('2024-03-05T14:07:00Z', 'Europe/Berlin')).toBe('05.03.2024, 15:07');
  });
  it('empty or invalid input gives an empty string', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('nonsense')).toBe('');
    expect(formatDate(undefined)).toBe('');
  });
  it('GPSR dates are DD.MM.YYYY in UTC', () => {
    expect(formatDateUtc('2024-12-31T23:30:00Z')).toBe('31.12.2024');
  });
});

describe('pagination', () => {
  it('offset = (page - 1) * size', () => {
    expect(offsetFor(1, 10)).toBe(0);
    expect(offsetFor(3, 10)).toBe(20);
    expect(offsetFor(0, 10)).toBe(0);
  });
  it('range of total', () => {
    expect(pageRange(1, 10, 25)).toEqual({ from: 1, to: 10 });
    expect(pageRange(3, 10, 25)).toEqual({ from: 21, to: 25 });
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
    expect(pageRange(5, 10, 25)).toEqual({ from: 0, to: 0 });
  });
  it('pages and navigation', () => {
    expect(totalPages(25, 10)).toBe(3);
    expect(totalPages(0, 10)).toBe(1);
    expect(hasNextPage(2, 10, 25)).toBe(true);
    expect(hasNextPage(3, 10, 25)).toBe(false);
    expect(hasNextPage(1, 10, 10)).toBe(false);
    expect(hasPreviousPage(1)).toBe(false);
    expect(hasPreviousPage(2)).toBe(true);
    expect(clampPage(9, 10, 25)).toBe(3);
    expect(clampPage(0, 10, 25)).toBe(1);
  });
  it('slices one page', () => {
    const items = Array.from({ length: 17 }, (_, i) => i);
    expect(pageSlice(items, 3, 8)).toEqual([16]);
    expect(pageSlice(items, 1, 8)).toHaveLength(8);
  });
});

describe('errors', () => {
  it('maps the catalogue statuses', () => {
    expect(STATUS_MESSAGES[404]).toBe('Not Found');
    expect(STATUS_MESSAGES[418]).toBeUndefined();
  });
  it('treats not found / not-found messages as empty results', () => {
    expect(isNotFoundMessage('User not found')).toBe(true);
    expect(isNotFoundMessage('data-source-not-found')).toBe(true);
    expect(isNotFoundMessage('Forbidden')).toBe(false);
    expect(isNotFoundMessage(undefined)).toBe(false);
  });
});
