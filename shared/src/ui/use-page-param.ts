import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { clampPage } from '../domain/pagination';

/** ?page= as a page number: a whole number from 1 up, anything else is page 1. */
function pageFromQuery(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The page of a list the server pages, kept in the address (?page=, left out on page 1) so that a reload, a shared
 * link and Back show the same page; `goTo` adds a history entry.
 */
export function usePageParam() {
  const [params, setParams] = useSearchParams();
  const page = pageFromQuery(params.get('page'));
  const goTo = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next <= 1) updated.delete('page');
      else updated.set('page', String(next));
      return updated;
    });
  return { page, goTo };
}

/**
 * A page beyond the end (a stale link, rows removed meanwhile) loads no rows although there are some: the list then
 * goes to its last page. Used by PagedList, which is drawn once the page has loaded.
 */
export function useLastPageWhenPastEnd(
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
