import { ApiError, errorMessageForStatus } from '@murmur/core/errors';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

export interface QueryClientOptions {
  /** SPEC §8: a 403 outside the user load means the session is gone; the app sends the user to login. */
  onAuthLost?: () => unknown;
}

/** Client errors (4xx) will not change on a retry; server and network failures may. */
export const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
};

export const createQueryClient = ({ onAuthLost }: QueryClientOptions = {}): QueryClient => {
  // A query or mutation that handles its own 403 (a sign-in prompt in place) says so with
  // `meta: { handlesAuthError: true }`.
  const onError = (error: unknown, meta: Record<string, unknown> | undefined) => {
    if (meta?.handlesAuthError === true) return;
    if (errorMessageForStatus(error).kind === 'redirect-login') void onAuthLost?.();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
};
