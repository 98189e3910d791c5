import { useMutation } from '@tanstack/react-query';
import { request, type BodyOf } from '@/lib/request';

/** POST /api/external/audience-requests/feedback/ — the requester rates the answer. */
export const sendFeedback = (body: BodyOf<'POST', '/api/external/audience-requests/feedback/'>) =>
  request.post('/api/external/audience-requests/feedback/', { body });

export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback });
