import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Every campaign query lives under this key; any change invalidates it. */
export const campaignsKey = ['campaigns'] as const;

/** A change of a campaign, ad set or ad: every campaign query is read again after it. */
export const useInvalidating = <I, O>(mutationFn: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsKey }),
  });
};
