import { useQuery } from '@tanstack/react-query';
import { surelySignedOut } from '@/lib/api/get-me';
import { request } from '@/lib/request';
import { deepThoughtKey, noRetryOnGate } from './deepthought-query';

/** GET /api/external/deepthought/status/ — the connected account, its plan and its sync state. */
export const getDtStatus = (signal?: AbortSignal) =>
  request.get('/api/external/deepthought/status/', { signal });

export const dtStatusKey = [...deepThoughtKey, 'status'] as const;

/**
 * `signedOutIsAnAnswer`: the screen shows its own way in to a signed-out visitor (the paused page,
 * SPEC §2 "/ (paused page)"), so a 403 is not SPEC §8's "redirect to login"; and a visitor surely
 * signed out (no session cookie) is not asked about at all: the expected 403 would be a console error
 * on every signed-out first load.
 */
export const useDtStatus = ({ signedOutIsAnAnswer = false }: { signedOutIsAnAnswer?: boolean } = {}) =>
  useQuery({
    queryKey: dtStatusKey,
    queryFn: ({ signal }) => getDtStatus(signal),
    retry: noRetryOnGate,
    ...(signedOutIsAnAnswer && { meta: { handlesAuthError: true }, enabled: !surelySignedOut() }),
  });
