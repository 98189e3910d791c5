import { useMutation } from '@tanstack/react-query';
import { request, type BodyOf } from '@/lib/request';

/** POST /api/external/audience-configs/share-via-account/ — copies the list into another account's lists. */
export const shareViaAccount = (body: BodyOf<'POST', '/api/external/audience-configs/share-via-account/'>) =>
  request.post('/api/external/audience-configs/share-via-account/', { body });

export const useShareViaAccount = () => useMutation({ mutationFn: shareViaAccount });
