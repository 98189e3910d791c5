import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/external/job-titles/ — the job-title tree (SPEC §3 static list). */
export const getJobTitles = (signal?: AbortSignal) => request.get('/api/external/job-titles/', { signal });

export const jobTitlesQueryOptions = () =>
  queryOptions({
    queryKey: ['pro-marketing', 'job-titles'],
    queryFn: ({ signal }) => getJobTitles(signal),
    staleTime: Infinity,
  });

export const useJobTitles = () => useQuery(jobTitlesQueryOptions());
