import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { deepThoughtKey } from './deepthought-query';

/** POST /api/external/deepthought/accounts/{pk}/select/ — the account every screen reads. */
export const selectDtAccount = (id: number) =>
  request.post('/api/external/deepthought/accounts/:pk/select/', { params: { pk: id } });

export function useSelectAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: selectDtAccount,
    onSuccess: () => client.invalidateQueries({ queryKey: deepThoughtKey }),
  });
}
