import { useDebounced } from '@/lib/debounce';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/**
 * GET /api/audience-configs/?team=&search= — the team's saved audiences matching what is typed
 * (the 20 most recently changed), to pick from as exclusions.
 */
export const useTeamAudiences = (teamSlug: string, search: string) => {
  const [debounced] = useDebounced(search.trim());
  return useQuery({
    queryKey: ['audience-configs', 'pick', teamSlug, debounced],
    queryFn: ({ signal }) =>
      request.get('/api/audience-configs/', {
        query: { team: teamSlug, ordering: '-modified', limit: 20, ...(debounced && { search: debounced }) },
        signal,
      }),
    select: (page) => page.results.map((audience) => ({ id: audience.id, name: audience.name })),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
};
