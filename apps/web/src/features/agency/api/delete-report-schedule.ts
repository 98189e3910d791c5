import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';
import { getReportScheduleQueryOptions } from './get-report-schedule';

/** DELETE /api/teams/{team}/report-schedule/ — stops the team's scheduled report. */
export const deleteReportSchedule = (team: string) =>
  request.delete('/api/teams/:team_id/report-schedule/', { params: { team_id: team } });

export const useDeleteReportSchedule = (team: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteReportSchedule(team),
    onSuccess: () => queryClient.setQueryData(getReportScheduleQueryOptions(team).queryKey, null),
  });
};
