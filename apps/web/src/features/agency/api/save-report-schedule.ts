import type { ReportScheduleInput } from '@murmur/core/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { getReportScheduleQueryOptions } from './get-report-schedule';

/** PUT /api/teams/{team}/report-schedule/ — admins set when, to whom, language and branding. */
export const saveReportSchedule = (team: string, body: ReportScheduleInput) =>
  request.put('/api/teams/:team_id/report-schedule/', { params: { team_id: team }, body });

export const useSaveReportSchedule = (team: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportScheduleInput) => saveReportSchedule(team, body),
    onSuccess: (schedule) => queryClient.setQueryData(getReportScheduleQueryOptions(team).queryKey, schedule),
  });
};
