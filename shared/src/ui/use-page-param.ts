import { useSearchParams } from 'react-router-dom';

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
