import { isApiError } from '@murmur/core/errors';

// Deep Thought's calls (SPEC §7 analytics tool): every screen reads the synced copy through the
// files beside this one (one per endpoint); this file holds what they share.

/** Every Deep Thought query lives under this key; selecting or disconnecting an account invalidates it. */
export const deepThoughtKey = ['deepthought'] as const;
/** The synced data (read again when a sync job finishes or a list changes). */
export const deepThoughtDataKey = [...deepThoughtKey, 'data'] as const;

/** 402: the page needs an active premium subscription (the server's one gate). */
export const needsPremium = (error: unknown): boolean => isApiError(error) && error.status === 402;
/** 404 from the suite: no X account is connected yet. */
export const needsAccount = (error: unknown): boolean => isApiError(error) && error.status === 404;

/** A gate (402/404) or another 4xx does not change on a retry; a 5xx is tried twice more. */
export const noRetryOnGate = (count: number, error: unknown) =>
  !needsPremium(error) && !needsAccount(error) && !(isApiError(error) && error.status < 500) && count < 2;

/** The options every read of synced data shares: its key under the data key, no retry on a gate. */
export const dataQuery = <T>(key: unknown[], fn: (signal: AbortSignal) => Promise<T>, enabled = true) =>
  ({
    queryKey: [...deepThoughtDataKey, ...key],
    queryFn: ({ signal }: { signal: AbortSignal }) => fn(signal),
    retry: noRetryOnGate,
    enabled,
  }) as const;

/** The viewer's time zone (for best time to post and Talk to X). */
export const viewerTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};
