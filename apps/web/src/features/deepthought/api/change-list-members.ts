import type { XListMembersChange } from '@murmur/core/api';
import { request } from '@/lib/request';
import { useListMutation } from './list-mutation';

/** POST /api/external/deepthought/lists/{pk}/members/ — adds or removes members of an X list. */
export const changeDtListMembers = ({ listId, changes }: { listId: number; changes: XListMembersChange }) =>
  request.post('/api/external/deepthought/lists/:pk/members/', { params: { pk: listId }, body: changes });

export const useChangeMembers = () => useListMutation(changeDtListMembers);
