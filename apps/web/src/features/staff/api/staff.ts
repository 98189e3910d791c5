import { AUDIENCE_CREATOR_GROUP, type UserGroupChange, type UserGroups } from '@murmur/core/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request';

// GET /api/staff/access/ lives in lib/api/staff-access.ts (the pro site's request page asks it too).
export { useStaffAccess } from '@/lib/api/staff-access';

const groupsKey = (email: string) => ['staff-user-groups', email.trim().toLowerCase()];

/** GET /api/staff/user-groups/?email= — a user's groups, for internal staff. */
export const useUserGroups = (email: string | null) =>
  useQuery({
    queryKey: groupsKey(email ?? ''),
    queryFn: ({ signal }) => request.get('/api/staff/user-groups/', { query: { email: email! }, signal }),
    enabled: email !== null,
    retry: false,
  });

/** Gives or takes away the Audience_creator group (SPEC §6: creator access). */
export function useChangeCreatorAccess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ email, give }: Pick<UserGroupChange, 'email'> & { give: boolean }): Promise<UserGroups> =>
      request.post(give ? '/api/staff/user-groups/' : '/api/staff/user-groups/remove/', {
        body: { email, group: AUDIENCE_CREATOR_GROUP },
      }),
    onSuccess: (groups) => client.setQueryData(groupsKey(groups.email), groups),
  });
}
