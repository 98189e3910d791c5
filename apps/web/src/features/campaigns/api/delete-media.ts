import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { mediaKey } from './get-media';

/** DELETE /api/ad-media/{pk}/ */
export const deleteMedia = (pk: number): Promise<void> =>
  request.delete('/api/ad-media/:pk/', { params: { pk } });

export const useDeleteMedia = (team: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKey(team) }),
  });
};
