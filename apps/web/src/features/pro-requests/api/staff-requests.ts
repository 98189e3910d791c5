import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** GET /api/external/audience-requests/ — confirmed requests (internal staff only; 403 for others). */
export const getStaffRequests = (signal?: AbortSignal) =>
  request.get('/api/external/audience-requests/', { signal });

/** Every staff list lives under this key (one per signed-in token); an answer refreshes them. */
export const staffRequestsKey = ['pro-requests', 'staff'] as const;

export const staffRequestsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: [...staffRequestsKey, token],
    queryFn: ({ signal }) => getStaffRequests(signal),
    retry: false,
    // Anyone but staff gets 403: the panel is left out, not a trip to the sign-in page.
    meta: { handlesAuthError: true },
  });

/**
 * The list, asked only of staff: `staff` is GET /api/staff/access/'s answer for the same token, so
 * anyone else sees the page without the panel and the console shows no 403.
 */
export const useStaffRequests = (token: string | null, staff: boolean) =>
  useQuery({ ...staffRequestsQueryOptions(token), enabled: token !== null && staff });

/** POST /api/external/audience-requests/{id}/answer/ — staff's answer, mailed to the requester. */
export const answerRequest = ([id, answer]: readonly [number, string]) =>
  request.post('/api/external/audience-requests/:id/answer/', { params: { id }, body: { answer } });

export const useAnswerRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffRequestsKey }),
  });
};
