import { useMutation } from '@tanstack/react-query';
import { request, type BodyOf } from '@/lib/request';

/** POST /api/external/audience-configs/share/ — mails the list to people as a builder link. */
export const shareList = (body: BodyOf<'POST', '/api/external/audience-configs/share/'>) =>
  request.post('/api/external/audience-configs/share/', { body });

export const useShareList = () => useMutation({ mutationFn: shareList });
