// The 50 audiences bench:overlap compares: sizes log-spaced over 1 %–40 % of the network's accounts
// (10 k–400 k at 1 M), each the nearest candidate of bench:engine's package mix, one-interest and
// one-word audiences, and unions of interests (2–64 interests in one package: X unions them). The
// unions are what reaches the upper part of the range: no single interest or word of the sandbox
// covers more than about 17 % of the accounts.
import type { AudienceEngine, AudienceIndex, AudienceQuery } from '@murmur/engine';
import { targetingPackageSchema, type TargetingPackage } from '@murmur/core/targeting';
import { benchPackages } from '../engine/packages';

export interface ChosenAudience {
  query: AudienceQuery;
  /** Members in the sample. */
  size: number;
}

export function chooseAudiences(
  index: AudienceIndex,
  engine: AudienceEngine,
  count: number,
): ChosenAudience[] {
  const [low, high] = [0.01 * index.stats.accounts, 0.4 * index.stats.accounts];
  const interestItem = (value: string) => ({
    label: index.catalogue.name('interests', value) ?? value,
    id: value,
  });
  const within = (field: 'interest' | 'postWord') =>
    index.terms
      .termsOf(field)
      .filter((t) => index.postings.count(t) >= low / 4 && index.postings.count(t) <= high)
      .map((t) => index.terms.value(t))
      .sort();
  const interests = within('interest');
  const single = (pkg: unknown): TargetingPackage => targetingPackageSchema.parse(pkg);
  const unions: TargetingPackage[] = [];
  // Consecutive runs of k interests (in value order, so runs mix categories): sizes up to the range's top.
  for (const k of [2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64])
    for (let at = 0; at + k <= interests.length; at += k)
      unions.push(single({ interests: interests.slice(at, at + k).map(interestItem) }));
  const candidates: AudienceQuery[] = [
    ...benchPackages(index).map((p) => ({ pkg: p.pkg, exclusions: p.exclusions })),
    ...interests.map((value) => ({ pkg: single({ interests: [interestItem(value)] }) })),
    ...within('postWord')
      .slice(0, 100)
      .map((label) => ({ pkg: single({ keywords: [{ label }] }) })),
    ...unions.map((pkg) => ({ pkg })),
  ];
  const sized = candidates
    .map((query) => ({
      query,
      size: engine.estimate(query.pkg, { exclusions: query.exclusions ?? [] }).sampleCount,
    }))
    .filter((p) => p.size >= low && p.size <= high)
    .sort((a, b) => a.size - b.size);
  if (sized.length < count) throw new Error(`Only ${sized.length} candidates have ${low}–${high} members.`);
  // For `count` sizes log-spaced from low to high, the nearest candidate not yet taken.
  const taken = new Set<number>();
  return Array.from({ length: count }, (_, i) => {
    const target = Math.log(low) + ((Math.log(high) - Math.log(low)) * i) / (count - 1);
    let best = -1;
    sized.forEach((c, k) => {
      if (taken.has(k)) return;
      if (best < 0 || Math.abs(Math.log(c.size) - target) < Math.abs(Math.log(sized[best]!.size) - target))
        best = k;
    });
    taken.add(best);
    return sized[best]!;
  }).sort((a, b) => a.size - b.size);
}
