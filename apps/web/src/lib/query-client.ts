import { ApiError, errorMessageForStatus } from '@murmur/core/errors';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

export interface QueryClientOptions {
  /** SPEC §8: a 403 outside the user load means the session is gone; the app sends the user to login. */
  onAuthLost?: () => void;
}

/** Client errors (4xx) will not change on a retry; server and network failures may. */
export const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
};

export const createQueryClient = ({ onAuthLost }: QueryClientOptions = {}): QueryClient => {
  const onError = (error: unknown) => {
    if (errorMessageForStatus(error).kind === 'redirect-login') onAuthLost?.();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
};
