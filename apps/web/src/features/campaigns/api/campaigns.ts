import type {
  Ad,
  Adset,
  ApiRoutes,
  Campaign,
  CampaignList,
  Reach,
  Segmentations,
  StatsTotal,
} from '@murmur/core/api';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { request, type BodyOf } from '@/lib/request';

// The bodies as the server's route schemas take them (core's z.input types leave coerced numbers unknown).
type CreateCampaign = BodyOf<'POST', '/api/campaigns/'>;
type PatchCampaign = BodyOf<'PATCH', '/api/campaigns/:pk/'>;
type CreateAdset = BodyOf<'POST', '/api/adsets/'>;
type CreateAd = BodyOf<'POST', '/api/campaigns/:pk/ads/'>;

export type CampaignFilters = NonNullable<ApiRoutes['GET /api/campaigns/']['query']>;
export const CAMPAIGNS_PAGE = 25;
/** Every campaign query lives under this key; any change invalidates it. */
export const campaignsKey = ['campaigns'] as const;

/** GET /api/campaigns/?team= — one page of a team's campaigns, with totals. */
export const getCampaigns = (
  filters: CampaignFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<CampaignList> =>
  request.get('/api/campaigns/', { query: { ...filters, limit: CAMPAIGNS_PAGE, offset }, signal });

export const campaignsQueryOptions = (filters: CampaignFilters) =>
  infiniteQueryOptions({
    queryKey: [...campaignsKey, 'list', filters],
    queryFn: ({ pageParam, signal }) => getCampaigns(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.next === null ? undefined : pages.reduce((sum, page) => sum + page.results.length, 0),
  });
export const useCampaigns = (filters: CampaignFilters) =>
  useInfiniteQuery({ ...campaignsQueryOptions(filters), placeholderData: keepPreviousData });

/** GET /api/campaigns/{pk}/ */
export const getCampaign = (pk: number, signal?: AbortSignal): Promise<Campaign> =>
  request.get('/api/campaigns/:pk/', { params: { pk }, signal });
export const campaignQueryOptions = (pk: number) =>
  queryOptions({ queryKey: [...campaignsKey, pk], queryFn: ({ signal }) => getCampaign(pk, signal) });
export const useCampaign = (pk: number | null) =>
  useQuery({ ...campaignQueryOptions(pk ?? 0), enabled: pk !== null });

/** GET /api/campaigns/{pk}/adsets/ and /ads/ */
export const useAdsets = (pk: number | null) =>
  useQuery({
    queryKey: [...campaignsKey, pk, 'adsets'],
    queryFn: ({ signal }): Promise<Adset[]> =>
      request.get('/api/campaigns/:pk/adsets/', { params: { pk: pk ?? 0 }, signal }),
    enabled: pk !== null,
  });
export const useAds = (pk: number | null) =>
  useQuery({
    queryKey: [...campaignsKey, pk, 'ads'],
    queryFn: ({ signal }): Promise<Ad[]> =>
      request.get('/api/campaigns/:pk/ads/', { params: { pk: pk ?? 0 }, signal }),
    enabled: pk !== null,
  });

/** Delivery (statstotal), reach and segmentations of a campaign. */
export const useStatsTotal = (pk: number) =>
  useQuery({
    queryKey: [...campaignsKey, pk, 'statstotal'],
    queryFn: ({ signal }): Promise<StatsTotal> =>
      request.get('/api/campaigns/:pk/statstotal/', { params: { pk }, signal }),
  });
export const useReach = (pk: number) =>
  useQuery({
    queryKey: [...campaignsKey, pk, 'reach'],
    queryFn: ({ signal }): Promise<Reach> =>
      request.get('/api/campaigns/:pk/reach/', { params: { pk }, signal }),
  });
export const useSegmentations = (pk: number) =>
  useQuery({
    queryKey: [...campaignsKey, pk, 'segmentations'],
    queryFn: ({ signal }): Promise<Segmentations> =>
      request.get('/api/campaigns/:pk/segmentations/', { params: { pk }, signal }),
  });

const useInvalidating = <I, O>(mutationFn: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsKey }),
  });
};

/** POST /api/campaigns/ — a draft. */
export const useCreateCampaign = () =>
  useInvalidating((body: CreateCampaign): Promise<Campaign> => request.post('/api/campaigns/', { body }));
/** PATCH /api/campaigns/{pk}/ — settings of a draft, or status (Active publishes to X). */
export const usePatchCampaign = () =>
  useInvalidating(
    ({ campaignId, changes }: { campaignId: number; changes: PatchCampaign }): Promise<Campaign> =>
      request.patch('/api/campaigns/:pk/', { params: { pk: campaignId }, body: changes }),
  );
export const useDeleteCampaign = () =>
  useInvalidating((pk: number): Promise<void> => request.delete('/api/campaigns/:pk/', { params: { pk } }));
export const useCreateAdset = () =>
  useInvalidating((body: CreateAdset): Promise<Adset> => request.post('/api/adsets/', { body }));
export const useDeleteAdset = () =>
  useInvalidating((pk: number): Promise<void> => request.delete('/api/adsets/:pk/', { params: { pk } }));
export const useCreateAd = () =>
  useInvalidating(({ campaignId, ad }: { campaignId: number; ad: CreateAd }): Promise<Ad> =>
    request.post('/api/campaigns/:pk/ads/', { params: { pk: campaignId }, body: ad }),
  );
export const useDeleteAd = () =>
  useInvalidating((pk: number): Promise<void> => request.delete('/api/ads/:pk/', { params: { pk } }));
/** POST /api/ads/{pk}/toggle/ — pause or resume an ad on X. */
export const useToggleAd = () =>
  useInvalidating((pk: number): Promise<Ad> => request.post('/api/ads/:pk/toggle/', { params: { pk } }));

