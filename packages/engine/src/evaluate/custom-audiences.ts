import { AccountSet } from '../bits/account-set';
import type { AudienceIndex } from '../postings/audience-index';

/**
 * Registers a custom audience (an uploaded list, matched to account numbers by the caller) under
 * the name packages use in `custom_audiences`. Replaces any audience of the same name.
 */
export function registerCustomAudience(
  index: AudienceIndex,
  name: string,
  members: ArrayLike<number> | AccountSet,
): AccountSet {
  const set = members instanceof AccountSet ? members : AccountSet.fromNumbers(index.size, members);
  index.customAudiences.set(name, set);
  return set;
}

export function removeCustomAudience(index: AudienceIndex, name: string): boolean {
  return index.customAudiences.delete(name);
}
