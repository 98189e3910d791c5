import type { Job, JobOf } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../request';

/** docs/API-AUDIENCES.md: jobs are polled every 500 ms (SPEC §9's in-flight sampling period too). */
export const JOB_POLL_MS = 500;

export const isJobFinished = (job: Pick<Job, 'state'> | null | undefined): boolean =>
  job?.state === 'done' || job?.state === 'failed';

/**
 * GET /api/jobs/{id}/ — a long computation's progress, stage and result. The schema leaves `result`
 * open; its type is the one declared by the route that started the job (JobStarted<R>), whose id this is.
 */
export const getJob = async <R>(id: string, signal?: AbortSignal): Promise<JobOf<R>> =>
  (await request.get('/api/jobs/:id/', { params: { id }, signal })) as JobOf<R>;

/**
 * The one polling policy of every job screen: every 500 ms until done or failed, also while the tab is
 * in the background (the report should be ready on return); a finished job never changes.
 */
export const getJobQueryOptions = <R>(id: string) =>
  queryOptions({
    queryKey: ['jobs', id],
    queryFn: ({ signal }) => getJob<R>(id, signal),
    refetchInterval: (query) => (isJobFinished(query.state.data) ? false : JOB_POLL_MS),
    refetchIntervalInBackground: true,
    staleTime: Infinity,
  });

/** Follows a job from the POST's answer (`started`) until it is done or failed. */
export const useJob = <R>(started: JobOf<R> | null | undefined) =>
  useQuery({
    ...getJobQueryOptions<R>(started?.id ?? ''),
    enabled: started !== null && started !== undefined && !isJobFinished(started),
    initialData: started ?? undefined,
  });
