import { useMutation, useQueryClient } from '@tanstack/react-query';
import { audienceConfigsKey } from '@/lib/api/get-audience-configs';
import { request } from '@/lib/request';

/** DELETE /api/audience-configs/{pk}/ */
export const deleteList = (pk: number): Promise<void> =>
  request.delete('/api/audience-configs/:pk/', { params: { pk } });

export const useDeleteList = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: audienceConfigsKey }),
  });
};
