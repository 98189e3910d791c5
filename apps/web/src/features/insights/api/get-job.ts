import type { Job } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request';

/** docs/API-AUDIENCES.md: jobs are polled every 500 ms (SPEC §9's in-flight sampling period too). */
export const JOB_POLL_MS = 500;

export const isJobFinished = (job: Pick<Job, 'state'> | undefined): boolean =>
  job?.state === 'done' || job?.state === 'failed';

/** GET /api/jobs/{id}/ */
export const getJob = (id: string, signal?: AbortSignal): Promise<Job> =>
  request.get<Job>(`/api/jobs/${encodeURIComponent(id)}/`, { signal });

export const getJobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['jobs', id],
    queryFn: ({ signal }) => getJob(id, signal),
    refetchInterval: (query) => (isJobFinished(query.state.data) ? false : JOB_POLL_MS),
    // Keep polling while the tab is in the background: the report should be ready on return.
    refetchIntervalInBackground: true,
    staleTime: Infinity,
  });

/** Polls a job until it is done or failed. `initial` is the job the POST answered with. */
export const useJob = (id: string | null, initial?: Job) =>
  useQuery({
    ...getJobQueryOptions(id ?? ''),
    enabled: id !== null,
    initialData: initial !== undefined && initial.id === id ? initial : undefined,
  });
