import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { deepThoughtKey } from './deepthought-query';

/** DELETE /api/external/deepthought/accounts/{pk}/ */
export const disconnectDtAccount = (id: number) =>
  request.delete('/api/external/deepthought/accounts/:pk/', { params: { pk: id } });

export function useDisconnectAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: disconnectDtAccount,
    onSuccess: () => client.invalidateQueries({ queryKey: deepThoughtKey }),
  });
}
