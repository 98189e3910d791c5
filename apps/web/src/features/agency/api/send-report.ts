import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** POST /api/teams/{team}/report-schedule/send/ — "Send now": the period so far, to the recipients. */
export const sendReport = (team: string) =>
  request.post('/api/teams/:team_id/report-schedule/send/', { params: { team_id: team } });

export const useSendReport = (team: string) => useMutation({ mutationFn: () => sendReport(team) });
