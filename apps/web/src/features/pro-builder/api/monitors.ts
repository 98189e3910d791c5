import type { TargetingPackage } from '@murmur/core/targeting';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/external/monitors/ — the caller's watched audiences (the weekly results monitor mails their change). */
export const getMonitors = (signal?: AbortSignal) => request.get('/api/external/monitors/', { signal });

export const monitorsQueryOptions = () =>
  queryOptions({ queryKey: ['pro-monitors'], queryFn: ({ signal }) => getMonitors(signal) });

export const useMonitors = (enabled: boolean) => useQuery({ ...monitorsQueryOptions(), enabled });

/** POST /api/external/monitors/ — watch an audience weekly. */
export const createMonitor = ([name, targetingPackage]: readonly [string, TargetingPackage]) =>
  request.post('/api/external/monitors/', { body: { name, targeting_package: targetingPackage } });

/** DELETE /api/external/monitors/{id}/ */
export const deleteMonitor = (id: number): Promise<void> =>
  request.delete('/api/external/monitors/:id/', { params: { id } });

export const useCreateMonitor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMonitor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: monitorsQueryOptions().queryKey }),
  });
};

export const useDeleteMonitor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMonitor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: monitorsQueryOptions().queryKey }),
  });
};
