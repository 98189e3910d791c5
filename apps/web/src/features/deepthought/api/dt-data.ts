import type { DtStatus } from '@murmur/core/api';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { dataQuery } from './deepthought-query';
import { useDtStatus } from './get-status';

/**
 * What a read of synced data needs (docs/API.md, Deep Thought): a connected account for the counts
 * (`stats/`), an active premium subscription and a connected account for everything beyond them.
 */
export type DtNeeds = 'account' | 'premium';

/**
 * Whether the status lets a read of `needs` go out. The status says premium and the account before
 * any gated read is made, so a user without them is shown the premium or connect notice and never
 * collects the 402 or 404 the read would get (a console error on every visit). A status that could
 * not be read leaves the decision to the read itself (its error is shown as before).
 */
export const dtOpen = (status: UseQueryResult<DtStatus, unknown>, needs: DtNeeds): boolean =>
  status.isError ||
  (status.data !== undefined && status.data.account !== null && (needs === 'account' || status.data.premium));

/** A read of synced data, asked only once the status says the user may read it (`dtOpen`). */
export function useDtData<T>(options: ReturnType<typeof dataQuery<T>>, needs: DtNeeds = 'premium') {
  const status = useDtStatus();
  return useQuery({ ...options, enabled: options.enabled && dtOpen(status, needs) });
}
