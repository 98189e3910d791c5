/**
 * Told of every committed write that shows in a user as the API presents them (row, groups,
 * memberships, social accounts, a team's name), so that caches of users (lib/auth-cache.ts) never
 * serve what was overwritten. Repositories call it after the write, outside any transaction.
 */
export interface UserChanges {
  userChanged(userId: number): void;
  /** A write that shows in many users (a team renamed): forget every cached user. */
  everyoneChanged(): void;
}

export const noUserChanges: UserChanges = { userChanged: () => {}, everyoneChanged: () => {} };
