import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { audienceConfigsKey } from '@/lib/api/get-audience-configs';
import { request } from '@/lib/request';

const shareOffersKey = ['share-offers'] as const;

/** GET /api/external/audience-configs/share-offers/ — lists other accounts offered to the caller. */
export const shareOffersQueryOptions = () =>
  queryOptions({
    queryKey: shareOffersKey,
    queryFn: ({ signal }) => request.get('/api/external/audience-configs/share-offers/', { signal }),
  });

export const useShareOffers = (enabled: boolean) => useQuery({ ...shareOffersQueryOptions(), enabled });

/**
 * Accept (the list is copied into the caller's lists) or decline (the offer is dropped); either
 * way the offers are read again, and the lists too after accepting.
 */
export const useAnswerShareOffer = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ offer, accept }: { offer: number; accept: boolean }): Promise<void> => {
      if (accept)
        await request.post('/api/external/audience-configs/share-offers/:pk/accept/', {
          params: { pk: offer },
        });
      else
        await request.post('/api/external/audience-configs/share-offers/:pk/decline/', {
          params: { pk: offer },
        });
    },
    onSuccess: async (_result, { accept }) => {
      await client.invalidateQueries({ queryKey: shareOffersKey });
      if (accept) await client.invalidateQueries({ queryKey: audienceConfigsKey });
    },
  });
};
