import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deepThoughtDataKey } from './deepthought-query';

/** A change of an X list: the synced data (lists and their members) is read again after it. */
export function useListMutation<A>(fn: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: deepThoughtDataKey }),
  });
}
