import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** POST /api/external/audience-requests/verify/ — confirms a request by the mailed token. */
export const verifyRequest = (token: string) =>
  request.post('/api/external/audience-requests/verify/', { body: { token } });

export const useVerifyRequest = () => useMutation({ mutationFn: verifyRequest });
