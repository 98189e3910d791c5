import { ANY_STATUS, AUDIENCE_STATUSES, type AudienceStatus } from '@murmur/core/targeting';
import { useSearchParams } from 'react-router';
import type { AudienceConfigFilters } from '@/lib/api/get-audience-configs';
import type { AudienceFiltersValue, Targetability } from '../components/audience-filters';

/** Columns the server can order by (docs/API-AUDIENCES.md `ordering`). */
export const SORTABLE = new Set(['name', 'size', 'modified', 'created']);
type Ordering = NonNullable<AudienceConfigFilters['ordering']>;
const DEFAULT_ORDERING: Ordering = '-modified';
const isOrdering = (value: string | null): value is Ordering =>
  value !== null && SORTABLE.has(value.replace(/^-/, ''));

export const isStatus = (value: string | null): value is AudienceStatus =>
  value !== null && (AUDIENCE_STATUSES as readonly string[]).includes(value);

export type AudienceListParam = 'search' | 'status' | 'targetable' | 'ordering';

/** My Audiences' filters and sorting: they live in the address, so Back and reloads keep them. */
export function useAudienceListParams() {
  const [params, setParams] = useSearchParams();
  const filters: AudienceFiltersValue = {
    search: params.get('search') ?? '',
    status: isStatus(params.get('status')) ? params.get('status')! : ANY_STATUS,
    targetable: (['true', 'false'].includes(params.get('targetable') ?? '')
      ? params.get('targetable')
      : 'all') as Targetability,
  };
  const requestedOrdering = params.get('ordering');
  const ordering = isOrdering(requestedOrdering) ? requestedOrdering : DEFAULT_ORDERING;

  /** A default value leaves the address (no `?status=any`); the history entry is replaced. */
  const update = (next: Partial<Record<AudienceListParam, string>>) =>
    setParams(
      (current) => {
        for (const [key, value] of Object.entries(next)) {
          const isDefault =
            value === '' ||
            (key === 'status' && value === ANY_STATUS) ||
            (key === 'targetable' && value === 'all') ||
            (key === 'ordering' && value === DEFAULT_ORDERING);
          if (isDefault) current.delete(key);
          else current.set(key, value);
        }
        return current;
      },
      { replace: true },
    );
  return { filters, ordering, update };
}
