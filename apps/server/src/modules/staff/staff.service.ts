import type { UserGroupChange, UserGroups } from '@murmur/core/api';
import type { UserRow } from '../../db/schema';
import { Forbidden, NotFound } from '../../errors';
import type { StaffRepository } from './staff.repository';

export type StaffService = ReturnType<typeof createStaffService>;

/**
 * SPEC §6: internal staff are recognised by a signed-in address on the provider's domain
 * (STAFF_EMAIL_DOMAINS, e.g. "murmur.example"; subdomains count). Nobody is staff when none is set.
 */
export const isInternalStaff = (email: string, domains: readonly string[]): boolean => {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const host = email.slice(at + 1).toLowerCase();
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
};

export function createStaffService(deps: { repo: StaffRepository; staffDomains: readonly string[] }) {
  const { repo, staffDomains } = deps;

  async function target(actor: UserRow, email: string) {
    if (!isInternalStaff(actor.email, staffDomains)) throw new Forbidden();
    const user = await repo.userByEmail(email);
    if (!user) throw new NotFound('No user has this email address.');
    return user;
  }

  const view = async (user: { id: number; email: string }): Promise<UserGroups> => ({
    id: user.id,
    email: user.email,
    groups: await repo.groupsOf(user.id),
  });

  return {
    /** Whether the signed-in user is internal staff (the web shows the staff screen only then). */
    access: (actor: UserRow) => ({ staff: isInternalStaff(actor.email, staffDomains) }),

    /** A user's groups, found by address (internal staff only). */
    async groupsOfUser(actor: UserRow, email: string): Promise<UserGroups> {
      return view(await target(actor, email));
    },

    /** Puts a user in a group (SPEC §6: Audience_creator gives creator access). */
    async addToGroup(actor: UserRow, change: UserGroupChange): Promise<UserGroups> {
      const user = await target(actor, change.email);
      await repo.addToGroup(user.id, change.group);
      return view(user);
    },

    async removeFromGroup(actor: UserRow, change: UserGroupChange): Promise<UserGroups> {
      const user = await target(actor, change.email);
      await repo.removeFromGroup(user.id, change.group);
      return view(user);
    },
  };
}
