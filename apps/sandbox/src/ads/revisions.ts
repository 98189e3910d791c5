import type { Revision, Revisioned } from './types';

/** The configuration in force at `time`, or undefined before the entity existed. */
export function valueAt<T>(entity: Revisioned<T>, time: number): T | undefined {
  const { revisions } = entity;
  let lo = 0;
  let hi = revisions.length - 1;
  let found: Revision<T> | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const revision = revisions[mid]!;
    if (revision.at <= time) {
      found = revision;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found?.value;
}

export function current<T>(entity: Revisioned<T>): T {
  return entity.revisions[entity.revisions.length - 1]!.value;
}

export function updatedAt<T>(entity: Revisioned<T>): number {
  return entity.revisions[entity.revisions.length - 1]!.at;
}

/** Records a new configuration from `at` on; edits within the same second replace each other. */
export function revise<T>(entity: Revisioned<T>, at: number, change: Partial<T>): T {
  const value = { ...current(entity), ...change };
  const last = entity.revisions[entity.revisions.length - 1]!;
  // The clock may be injected and stand still; never record a revision before the latest one.
  const time = Math.max(at, last.at);
  if (last.at === time) last.value = value;
  else entity.revisions.push({ at: time, value });
  return value;
}
