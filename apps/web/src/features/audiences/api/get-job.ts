import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job } from '../../../lib/api/audience-types';
import { request } from '../../../lib/request';

/** The API contract's polling interval for jobs. */
export const JOB_POLL_MS = 500;

/** GET /api/jobs/{id}/ — a long computation's progress, stage and result. */
export const getJob = <R>(id: string, signal?: AbortSignal): Promise<Job<R>> =>
  request.get<Job<R>>(`/api/jobs/${encodeURIComponent(id)}/`, { signal });

export const getJobQueryOptions = <R>(id: string) =>
  queryOptions({
    queryKey: ['jobs', id],
    queryFn: ({ signal }) => getJob<R>(id, signal),
    // Polled every 500 ms until it is done or failed.
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'done' || state === 'failed' ? false : JOB_POLL_MS;
    },
  });

/** Follows a job from its first answer (the POST's) until it finishes. */
export const useJob = <R>(initial: Job<R> | null) =>
  useQuery({
    ...getJobQueryOptions<R>(initial?.id ?? ''),
    enabled: initial !== null && initial.state !== 'done' && initial.state !== 'failed',
    initialData: initial ?? undefined,
  });
