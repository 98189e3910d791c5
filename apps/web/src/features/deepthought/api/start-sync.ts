import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { dtStatusKey } from './get-status';

/** POST /api/external/deepthought/sync/ — starts a sync of the selected account (a job to follow). */
export const startDtSync = () => request.post('/api/external/deepthought/sync/');

export function useStartSync() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startDtSync,
    onSuccess: () => client.invalidateQueries({ queryKey: dtStatusKey }),
  });
}
