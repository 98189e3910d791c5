import type { Placement, TargetingPackage } from '@murmur/core/targeting';
import { countriesToSend, handlesToApply } from '@murmur/core/targeting';

/** One criterion to send to X: a value already known, or a label to find in an X catalogue. */
export type PlannedCriterion =
  | { targeting_type: string; targeting_value: string; name: string }
  | { targeting_type: string; catalogue: string; label: string; extra?: Record<string, string> };

const live = <T extends { deselected?: boolean | undefined }>(items: readonly T[]) =>
  items.filter((i) => !i.deselected);

/** SPEC §3 placements → X line-item placements (all four is X's ALL_ON_TWITTER). */
export function xPlacements(placements: readonly Placement[]): string[] {
  const map: Record<Placement, string> = {
    homeTimelines: 'TWITTER_TIMELINE',
    profiles: 'TWITTER_PROFILE',
    searchResults: 'TWITTER_SEARCH',
    replies: 'TWITTER_REPLIES',
  };
  const set = [...new Set(placements)];
  return set.length === 4 ? ['ALL_ON_TWITTER'] : set.map((p) => map[p]);
}

/** SPEC §3 ages (AGE_OVER_18, bands "18-34") → X's AGE values; "any" sends nothing. */
function xAge(age: string): string | undefined {
  if (age === 'AGE_ANY') return undefined;
  if (age.startsWith('AGE_OVER_')) return age;
  const band = /^(\d+)-(\d+)$/.exec(age);
  return band ? `AGE_${band[1]}_TO_${band[2]}` : undefined;
}

/**
 * A saved audience's targeting package as X targeting criteria. SPEC §9: at most the first 100
 * handles are applied, and countries are sent only when fewer than 50 are selected.
 */
export function plannedCriteria(pkg: TargetingPackage): {
  criteria: PlannedCriterion[];
  handlesTruncated: boolean;
} {
  const criteria: PlannedCriterion[] = [];
  const { handles, tooMany } = handlesToApply(live(pkg.handles));
  for (const h of handles) {
    const handle = (h.handle ?? h.label ?? '').replace(/^@/, '');
    if (handle)
      criteria.push({ targeting_type: 'FOLLOWER_LOOK_ALIKES', targeting_value: handle, name: `@${handle}` });
  }
  for (const k of live(pkg.keywords)) {
    const label = k.label ?? k.handle;
    if (label) criteria.push({ targeting_type: 'BROAD_KEYWORD', targeting_value: label, name: label });
  }
  for (const k of live(pkg.hashtags)) {
    const label = k.label ?? k.handle;
    if (label) {
      const tag = label.startsWith('#') ? label : `#${label}`;
      criteria.push({ targeting_type: 'BROAD_KEYWORD', targeting_value: tag, name: tag });
    }
  }
  const fromCatalogue = (
    type: string,
    catalogue: string,
    items: readonly { label: string; deselected?: boolean | undefined }[],
    extra?: Record<string, string>,
  ) => {
    for (const item of live(items))
      criteria.push({ targeting_type: type, catalogue, label: item.label, ...(extra && { extra }) });
  };
  fromCatalogue('INTEREST', 'interests', pkg.interests);
  fromCatalogue('CONVERSATION', 'conversations', pkg.conversation_topics);
  fromCatalogue('MOVIES_AND_TV_SHOWS', 'movies_and_tv_shows', pkg.movies_tv_shows);
  fromCatalogue('LANGUAGE', 'languages', pkg.languages);
  fromCatalogue('NETWORK_OPERATOR', 'network_operators', pkg.network_operators);
  fromCatalogue('LOCATION', 'locations', countriesToSend(live(pkg.countries)), {
    location_type: 'COUNTRIES',
  });
  fromCatalogue('LOCATION', 'locations', pkg.locations);
  for (const age of pkg.age) {
    const value = xAge(age);
    if (value) criteria.push({ targeting_type: 'AGE', targeting_value: value, name: age });
  }
  for (const gender of pkg.gender) {
    if (gender === 'MALE') criteria.push({ targeting_type: 'GENDER', targeting_value: '1', name: 'Male' });
    if (gender === 'FEMALE')
      criteria.push({ targeting_type: 'GENDER', targeting_value: '2', name: 'Female' });
  }
  for (const ca of pkg.custom_audiences)
    if (ca.id !== undefined)
      criteria.push({ targeting_type: 'CUSTOM_AUDIENCE', targeting_value: String(ca.id), name: ca.name });
  return { criteria, handlesTruncated: tooMany };
}
