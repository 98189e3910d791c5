import { targetingPackageSchema, type TargetingPackage } from '@murmur/core/targeting';
import { createLiveEngine, type AudienceEngine, type LiveAudienceEngine } from '@murmur/engine';
import type { Network } from '@murmur/sandbox';

/**
 * What the live path's exactness and crash tests share (live-path.test.ts, live-shards.test.ts,
 * collector-process.test.ts): holding the sandbox's clock to compare at one instant, and the index
 * built from scratch from the sandbox's export at that instant.
 */

/** Holds the sandbox's running clock still (what its export does while it writes) until released. */
export function holdClock(network: Network): () => void {
  const simulation = network.simulation;
  simulation.holds++;
  return () => {
    simulation.holds--;
  };
}

/**
 * A live engine built from the sandbox's export (`<base>/sandbox/export`) as production builds one
 * from ENGINE_SNAPSHOT: an export taken after posts were deleted has gaps in its post numbers, which
 * become deleted posts.
 */
export async function engineFromExport(baseUrl: string): Promise<LiveAudienceEngine> {
  const res = await fetch(`${baseUrl}/sandbox/export`);
  if (res.status !== 200) throw new Error(`GET /sandbox/export answered ${res.status}`);
  return createLiveEngine([await res.text()]);
}

/** A targeting package, checked as the API checks one. */
export const pkg = (p: Record<string, unknown>): TargetingPackage => targetingPackageSchema.parse(p);

/**
 * A mix of packages drawn from what the index holds, for any size (bench:engine's mix needs 6 000
 * accounts for its keywords): followers of handles, keywords, hashtags, interests, locations,
 * languages and combinations with demographics.
 */
export function liveMix(engine: AudienceEngine): TargetingPackage[] {
  // Twelve accounts spread over the index (a removed account has no handle).
  const spread = Array.from({ length: 12 }, (_, i) => (i * 211) % Math.max(1, engine.stats.accounts));
  const handles = engine
    .describeAccounts(spread)
    .map((a) => a.handle)
    .filter((h) => h !== '');
  const values = (field: Parameters<AudienceEngine['lookup']>[0], qs: string[]) =>
    [...new Set(qs.flatMap((q) => engine.lookup(field, q, 2).map((r) => r.value)))].slice(0, 4);
  const keywords = values('keywords', ['a', 'c', 'm', 's', 't']);
  const hashtags = values('hashtags', ['a', 'b', 'm', 's']);
  const interests = values('interests', ['a', 'f', 'm', 's']);
  const locations = values('locations', ['to', 'ca', 'lo', 'ne']);
  return [
    ...handles.slice(0, 8).map((h) => pkg({ handles: [{ handle: h }] })),
    ...keywords.map((k) => pkg({ keywords: [{ label: k }] })),
    ...hashtags.map((h) => pkg({ hashtags: [{ label: h }] })),
    ...interests.map((i) => pkg({ interests: [{ label: i }] })),
    ...locations.map((l) => pkg({ locations: [{ label: l }] })),
    pkg({ languages: [{ label: 'en' }] }),
    pkg({ languages: [{ label: 'ja' }, { label: 'es' }] }),
    pkg({ handles: handles.slice(8, 12).map((h) => ({ handle: h })), languages: [{ label: 'en' }] }),
    pkg({ keywords: keywords.slice(0, 2).map((label) => ({ label })), gender: ['FEMALE'] }),
    pkg({ interests: interests.slice(0, 2).map((label) => ({ label })), age: ['AGE_OVER_25'] }),
    pkg({ hashtags: hashtags.slice(0, 2).map((label) => ({ label })), countries: [{ label: 'US' }] }),
  ];
}
