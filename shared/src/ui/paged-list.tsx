import { useEffect, type ReactNode } from 'react';
import { clampPage } from '../domain/pagination';
import { Pagination } from './pagination';

/**
 * A page beyond the end (a stale link, rows removed meanwhile) loads no rows although there are some: the list then
 * goes to its last page. PagedList is drawn once the page has loaded.
 */
function useLastPageWhenPastEnd(
  page: number,
  pageSize: number,
  loaded: { rows: number; total: number },
  goTo: (page: number) => void,
) {
  const outOfRange = loaded.rows === 0 && loaded.total > 0;
  const lastPage = clampPage(page, pageSize, loaded.total);
  useEffect(() => {
    if (outOfRange && lastPage !== page) goTo(lastPage);
    // goTo is new on every render: the jump depends on the page and what loaded only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outOfRange, lastPage, page]);
}

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
