import { MAX_HANDLES, type TargetingPackage } from '@murmur/core/targeting';
import { andInto, countBits, newBits } from '../bits/bitset';
import { evaluate, type Audience } from '../evaluate/evaluate';
import { selected } from '../evaluate/selected';
import type { AudienceIndex } from '../postings/audience-index';

type PrimaryKey =
  'handles' | 'keywords' | 'hashtags' | 'interests' | 'conversation_topics' | 'movies_tv_shows';
const PRIMARY: readonly PrimaryKey[] = [
  'handles',
  'keywords',
  'hashtags',
  'interests',
  'conversation_topics',
  'movies_tv_shows',
];

/** Items evaluated for the core audience at most: past this the extra work buys almost nothing. */
const MAX_ITEMS = 200;

/**
 * The core audience: members of `audience` (the package evaluated with its exclusions) who match at
 * least two of the package's selected primary items (handles, keywords, hashtags, interests,
 * conversation topics, movies/TV, custom audiences), each with the package's demographic filters.
 * A package with fewer than two primary items has no "second criterion" to ask for: its whole
 * audience is core. Returns a sample count (multiply by the scale for a population figure).
 */
export function coreAudienceCount(index: AudienceIndex, pkg: TargetingPackage, audience: Audience): number {
  const demographics: TargetingPackage = { ...pkg, custom_audiences: [] };
  for (const key of PRIMARY) demographics[key] = [];
  const singles: TargetingPackage[] = [];
  for (const key of PRIMARY) {
    const items = selected(pkg[key]);
    for (const item of key === 'handles' ? items.slice(0, MAX_HANDLES) : items)
      singles.push({ ...demographics, [key]: [item] });
  }
  for (const item of pkg.custom_audiences) singles.push({ ...demographics, custom_audiences: [item] });
  if (singles.length < 2) return audience.sampleCount;

  // Two-bit counters per account: `ones` = matched at least once, `twos` = at least twice.
  const ones = newBits(index.size);
  const twos = newBits(index.size);
  for (const single of singles.slice(0, MAX_ITEMS)) {
    const bits = evaluate(index, single).accounts.bits;
    for (let w = 0; w < bits.length; w++) {
      const [b, o] = [bits[w]!, ones[w]!];
      twos[w] = twos[w]! | (o & b);
      ones[w] = o | b;
    }
  }
  andInto(twos, audience.accounts.bits);
  return countBits(twos);
}
