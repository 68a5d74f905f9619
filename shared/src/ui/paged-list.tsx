import type { ReactNode } from 'react';
import { Pagination } from './pagination';
import { useLastPageWhenPastEnd } from './use-page-param';

export interface PagedListProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Rows of the whole list. */
  total: number;
  /** Rows on this page. */
  rows: number;
  onPageChange: (page: number) => void;
  /** What a list without any row shows (an EmptyState). */
  empty: ReactNode;
  /** This page's rows (a table, a list of cards). */
  children: ReactNode;
}

/**
 * One loaded page of a list the server pages: the empty state when the list has no rows at all, else the page's rows
 * with the pager below them. A page past the end shows neither and moves to the last page (useLastPageWhenPastEnd).
 */
export function PagedList({ page, pageSize, total, rows, onPageChange, empty, children }: PagedListProps) {
  useLastPageWhenPastEnd(page, pageSize, { rows, total }, onPageChange);
  return (
    <>
      {total === 0 && empty}
      {rows > 0 && (
        <>
          {children}
          <Pagination page={page} pageSize={pageSize} total={total} onChange={onPageChange} />
        </>
      )}
    </>
  );
}
