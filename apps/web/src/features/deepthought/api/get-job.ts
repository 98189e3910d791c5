import type { DtJob } from '@murmur/core/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { deepThoughtDataKey, deepThoughtKey } from './deepthought-query';

/** GET /api/external/deepthought/jobs/{pk}/ — a sync or follow job's state. */
export const getDtJob = (id: number, signal?: AbortSignal) =>
  request.get('/api/external/deepthought/jobs/:pk/', { params: { pk: id }, signal });

const FINISHED = new Set<DtJob['state']>(['done', 'failed']);
export const jobFinished = (job: DtJob | undefined) => job !== undefined && FINISHED.has(job.state);

/** A job polled every second until it finishes; then everything synced is read again. */
export function useDtJob(id: number | undefined) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...deepThoughtKey, 'job', id],
    enabled: id !== undefined,
    queryFn: async ({ signal }) => {
      const job = await getDtJob(id!, signal);
      if (jobFinished(job)) void client.invalidateQueries({ queryKey: deepThoughtDataKey });
      return job;
    },
    refetchInterval: (query) => (jobFinished(query.state.data) ? false : 1000),
  });
}
