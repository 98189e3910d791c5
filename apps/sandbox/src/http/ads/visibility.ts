import { current } from '../../ads/revisions';
import type { Revisioned } from '../../ads/types';
import { bool, list, str, type Params } from './params';

interface Listed {
  deleted: boolean;
  entityStatus?: string;
  name?: string;
}

/**
 * X's list filters shared by campaigns and line items: `<entity>_ids`, `q` (name contains),
 * `with_deleted` and `with_draft`, both false by default as on X.
 */
export function listFilter(params: Params, idsParam: string): (id: string, item: Listed) => boolean {
  const ids = list(params, idsParam, { max: 200 });
  const q = str(params, 'q')?.toLowerCase();
  const withDeleted = bool(params, 'with_deleted', false);
  const withDraft = bool(params, 'with_draft', false);
  return (id, item) =>
    (ids.length === 0 || ids.includes(id)) &&
    (withDeleted || !item.deleted) &&
    (withDraft || item.entityStatus !== 'DRAFT') &&
    (!q || (item.name ?? '').toLowerCase().includes(q));
}

/** A single entity is found while deleted only when the client asks `with_deleted=true`. */
export function visibleRevisioned<T extends { deleted: boolean }>(
  params: Params,
  entity: Revisioned<T> | undefined,
): entity is Revisioned<T> {
  return entity !== undefined && (!current(entity).deleted || bool(params, 'with_deleted', false));
}
