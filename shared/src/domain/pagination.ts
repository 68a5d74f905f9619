/** offset = (page - 1) * pageSize; pages start at 1. */
export function offsetFor(page: number, pageSize: number): number {
  return Math.max(0, (Math.max(1, Math.floor(page)) - 1) * pageSize);
}

export function totalPages(total: number, pageSize: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

export function clampPage(page: number, pageSize: number, total: number): number {
  return Math.min(Math.max(1, Math.floor(page) || 1), totalPages(total, pageSize));
}

/** 1-based inclusive range shown as "from–to of total"; { from: 0, to: 0 } when empty. */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = offsetFor(page, pageSize) + 1;
  if (from > total) return { from: 0, to: 0 };
  return { from, to: Math.min(total, from + pageSize - 1) };
}

export function hasNextPage(page: number, pageSize: number, total: number): boolean {
  return page * pageSize < total;
}

export function hasPreviousPage(page: number): boolean {
  return page > 1;
}

/** The items of one page of an in-memory list (e.g. the GPSR list, 8 per page). */
export function pageSlice<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const offset = offsetFor(page, pageSize);
  return items.slice(offset, offset + pageSize);
}
