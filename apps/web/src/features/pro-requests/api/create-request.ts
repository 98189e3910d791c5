import type { CreateAudienceRequest } from '@murmur/core/api';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/request';

/** POST /api/external/audience-requests/ — sends a request; a verification mail goes to the requester. */
export const createRequest = (body: CreateAudienceRequest) =>
  request.post('/api/external/audience-requests/', { body });

export const useCreateRequest = () => useMutation({ mutationFn: createRequest });
