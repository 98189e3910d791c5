import type { XListMembersChange } from '@murmur/core/api';
import { request } from '@/lib/request';
import { useListMutation } from './list-mutation';

/** POST /api/user/lists/{pk}/members/ — adds or removes members of an X list. */
export const changeDtListMembers = ({ id, body }: { id: number; body: XListMembersChange }) =>
  request.post('/api/user/lists/:pk/members/', { params: { pk: id }, body });

export const useChangeMembers = () => useListMutation(changeDtListMembers);
