import type { Credentials } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/user/credentials/ — my browser sessions and personal tokens, with where and when last used. */
export const getCredentials = (signal?: AbortSignal): Promise<Credentials> =>
  request.get('/api/user/credentials/', { signal });

export const credentialsQueryOptions = () =>
  queryOptions({ queryKey: ['credentials'], queryFn: ({ signal }) => getCredentials(signal) });

export const useCredentials = () => useQuery(credentialsQueryOptions());
