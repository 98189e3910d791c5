import { useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Filters kept in the URL's search params over a list shown `page` items at a time: `set` writes one
 * filter (null or '' removes it, replacing the history entry) and starts again from the first page;
 * `showMore` shows `page` items more.
 */
export function usePagedFilters(page: number) {
  const [params, setParams] = useSearchParams();
  const [shown, setShown] = useState(page);
  const set = (key: string, value: string | null) => {
    setShown(page);
    setParams(
      (current) => {
        if (value === null || value === '') current.delete(key);
        else current.set(key, value);
        return current;
      },
      { replace: true },
    );
  };
  const showMore = () => setShown((n) => n + page);
  return { params, set, shown, showMore };
}
