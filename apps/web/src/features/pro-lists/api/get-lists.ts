import type { AudienceConfigKind } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { audienceConfigsKey } from '@/lib/api/get-audience-configs';
import { request } from '@/lib/request';

/** GET /api/audience-configs/?kind= — the caller's personal lists of one kind (SPEC §3), newest first. */
export const getLists = (kind: AudienceConfigKind, signal?: AbortSignal) =>
  request.get('/api/audience-configs/', { query: { kind, limit: 100, ordering: '-modified' }, signal });

// Under audienceConfigsKey: saving a list anywhere (the builder) refreshes these.
export const listsQueryOptions = (kind: AudienceConfigKind) =>
  queryOptions({
    queryKey: [...audienceConfigsKey, 'pro-lists', kind],
    queryFn: ({ signal }) => getLists(kind, signal),
  });

export const useLists = (kind: AudienceConfigKind, enabled: boolean) =>
  useQuery({ ...listsQueryOptions(kind), enabled });
