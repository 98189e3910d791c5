import type { UpdateMe, User } from '@murmur/core/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getMeQueryOptions } from '@/lib/api/get-me';
import { request } from '@/lib/request';

/** PUT /api/user/me/ — names and the interface language (SPEC §7: body language saves it). */
export const updateMe = (body: UpdateMe): Promise<User> => request.put('/api/user/me/', { body });

export const useUpdateMe = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => queryClient.setQueryData(getMeQueryOptions().queryKey, user),
  });
};
