import type { TeamBilling } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/customer/subscriptions/?team= — the team's plan, subscription, invoices and usage. */
export const getTeamBilling = (team: string, signal?: AbortSignal): Promise<TeamBilling> =>
  request.get('/api/customer/subscriptions/', { query: { team }, signal });

export const getTeamBillingQueryOptions = (team: string) =>
  queryOptions({
    queryKey: ['billing', 'team', team],
    queryFn: ({ signal }) => getTeamBilling(team, signal),
  });

/** How often to ask while a change made at the provider is still on its way (webhooks). */
const POLL_MS = 1000;

/** `until`: poll until the answer satisfies it (a checkout, upgrade or cancel has arrived). */
export const useTeamBilling = (team: string, until?: ((billing: TeamBilling) => boolean) | null) =>
  useQuery({
    ...getTeamBillingQueryOptions(team),
    refetchInterval: (query) => (until && !(query.state.data && until(query.state.data)) ? POLL_MS : false),
  });
