import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { creativesKey } from './get-creatives';

/** DELETE /api/ad-creatives/{pk}/ */
export const deleteCreative = (pk: number): Promise<void> =>
  request.delete('/api/ad-creatives/:pk/', { params: { pk } });

export const useDeleteCreative = (team: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCreative,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creativesKey(team) }),
  });
};
