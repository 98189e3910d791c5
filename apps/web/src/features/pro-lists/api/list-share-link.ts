import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';

const linkKey = (id: number) => ['list-share-link', id] as const;

/** GET /api/external/audience-configs/:pk/share-link/ — the list's share link, if one works. */
export const useListShareLink = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: linkKey(id),
    queryFn: ({ signal }) =>
      request.get('/api/external/audience-configs/:pk/share-link/', { params: { pk: id }, signal }),
    enabled,
  });

/** Rotate (a new link for the days chosen; the old one dies) or revoke (null days) the list's link. */
export const useChangeListShareLink = (id: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (days: 7 | 30 | 90 | null): Promise<void> => {
      if (days === null)
        await request.delete('/api/external/audience-configs/:pk/share-link/', { params: { pk: id } });
      else
        await request.post('/api/external/audience-configs/:pk/share-link/rotate/', {
          params: { pk: id },
          body: { expires_in_days: days },
        });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: linkKey(id) }),
  });
};

/** GET /api/external/audience-configs/shared/:token/ — what a share link opens (404/410 when dead). */
export const sharedListQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['shared-list', token],
    queryFn: ({ signal }) =>
      request.get('/api/external/audience-configs/shared/:token/', { params: { token }, signal }),
    retry: false,
  });

export const useSharedList = (token: string) => useQuery(sharedListQueryOptions(token));
