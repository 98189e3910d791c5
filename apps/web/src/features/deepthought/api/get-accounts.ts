import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { deepThoughtKey } from './deepthought-query';

/** GET /api/external/deepthought/accounts/ — the X accounts the user connected. */
export const getDtAccounts = (signal?: AbortSignal) =>
  request.get('/api/external/deepthought/accounts/', { signal });

export const useDtAccounts = () =>
  useQuery({ queryKey: [...deepThoughtKey, 'accounts'], queryFn: ({ signal }) => getDtAccounts(signal) });
