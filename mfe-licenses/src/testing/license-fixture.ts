import type { License } from '@portal/shared/domain';

export { licenseFixture } from '@portal/shared/testing';

export function licensePage(items: License[], total = items.length, page = 1, pageSize = 10) {
  return { items, total, page, pageSize };
}
