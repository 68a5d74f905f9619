import { demoLicenses, type FakeRequest } from '@portal/shared/standalone';
import type { License } from '@portal/shared/domain';

const DAY_MS = 86_400_000;

/** The demo seller's licenses plus enough extra rows to page through (server-side paging like the api). */
export function standaloneLicenses(): License[] {
  const extra: License[] = Array.from({ length: 18 }, (_, i) => ({
    ...demoLicenses()[0],
    id: `lic-extra-${i + 1}`,
    productName: `Fresh Desk Seat ${i + 1}`,
    licenseTypeDetails: { type: i % 3 === 0 ? 'permanent' : 'subscription' },
    licenseExpired: i % 3 === 0 ? null : new Date(Date.now() + (i * 17 - 60) * DAY_MS).toISOString(),
  }));
  return [...demoLicenses(), ...extra];
}

export function pagedLicenses(request: FakeRequest) {
  const page = Math.max(1, Number(request.query.page) || 1);
  const pageSize = Math.max(1, Number(request.query.pageSize) || 10);
  const all = standaloneLicenses();
  return { items: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize };
}
