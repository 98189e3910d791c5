import { ApiError } from '@murmur/core/errors';
import type { ReportSchedule } from '@murmur/core/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/teams/{team}/report-schedule/ — admins only; null when the team has none (404). */
export const getReportSchedule = async (
  team: string,
  signal?: AbortSignal,
): Promise<ReportSchedule | null> => {
  try {
    return await request.get('/api/teams/:team_id/report-schedule/', { params: { team_id: team }, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};

export const getReportScheduleQueryOptions = (team: string) =>
  queryOptions({
    queryKey: ['report-schedule', team],
    queryFn: ({ signal }) => getReportSchedule(team, signal),
  });

export const useReportSchedule = (team: string) => useQuery(getReportScheduleQueryOptions(team));
