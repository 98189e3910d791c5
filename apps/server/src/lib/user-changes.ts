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

/**
 * Runs `work` with a UserChanges that only collects, and reports what it collected to `target`
 * once `work` has finished: wrap a transaction in it, so caches hear of writes after the commit
 * (and not at all after a rollback).
 */
export async function reportAfterCommit<T>(
  target: UserChanges,
  work: (changes: UserChanges) => Promise<T>,
): Promise<T> {
  const users = new Set<number>();
  let everyone = false;
  const result = await work({
    userChanged: (id) => void users.add(id),
    everyoneChanged: () => void (everyone = true),
  });
  if (everyone) target.everyoneChanged();
  else users.forEach((id) => target.userChanged(id));
  return result;
}
