import type { Figure } from '@murmur/core/sampling';
import { useMemo } from 'react';
import { useAudienceConfigs } from '@/lib/api/get-audience-configs';

/**
 * The team's saved audiences' sizes by id: the figure My Audiences shows for each
 * (docs/decisions/006-sampling-model.md), for the wizard's ad sets and its review.
 */
export function useAudienceSizes(teamSlug: string): ReadonlyMap<number, Figure> {
  const audiences = useAudienceConfigs({ team: teamSlug, ordering: '-modified' });
  return useMemo(
    () =>
      new Map(
        (audiences.data?.pages.flatMap((p) => p.results) ?? []).map((a) => [a.id, a.size_figure] as const),
      ),
    [audiences.data],
  );
}
