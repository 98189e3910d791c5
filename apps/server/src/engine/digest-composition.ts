import { DIGEST_VALUES, type DigestSectionEntry } from '@murmur/core/api';
import {
  accountSetFromShared,
  type Audience,
  type AudienceEngine,
  type AudienceEstimate,
  type FieldCounts,
  type SharedAccountSet,
} from '@murmur/engine';
import type { PointMembers } from './member-carry';
import type { SentCommunities } from './engine-tasks';

// What an audience's daily point measures beyond its estimate (the `digestComposition` and
// `historyPoint` tasks of engine-tasks.ts): its top interests, influential accounts and members in
// each community of a partition of the network, with the sample sizes and bounds they are read at.

/** The composition sections of an audience's daily digest (history.service.ts). */
export interface DigestComposition {
  interest: DigestSectionEntry;
  community: DigestSectionEntry;
  influential: DigestSectionEntry;
}

/**
 * Share of the members whose follows are read above which an account is listed in a point's
 * followed accounts (`FollowedTally`): the newcomer test's bound (history.service.ts).
 */
export const FOLLOWED_SHARE = 0.01;

/**
 * Members a daily digest reads the term rows of (its top interests) and the follows of (its
 * influential accounts and followed tally): uniform samples of the audience by a hash of each
 * account's X id (insights/context.ts, AccountColumns.sampleKey; until 2026-11-27 of its account
 * number, so the points either side of that date read other samples), the same accounts from day to
 * day and across rebuilds and live renumbering, bounded so that a point costs the same at
 * 40 000 members as at 400 000 (the insights report reads 50 000 and 25 000). The digest keeps each
 * section's `members` (the sample's size): its shares are estimates with the sampling model's
 * intervals, and the change tests and the newcomer bound are of those counts. At 5 000 the standard
 * error of a 20 % share is 0.57 points (a 5-point panel shift is ~6 standard errors of a difference),
 * of a 5 % newcomer 0.31 points against its 1 % floor; the size and field counts stay exact.
 */
export const DIGEST_SAMPLE = 10_000;
export const DIGEST_GRAPH_SAMPLE = 5_000;

/**
 * Every account followed by at least `floor` of the `members` whose follows were read: not stored in
 * the digest; history.service.ts keeps the latest per audience to find the next point's newcomers.
 */
export interface FollowedTally {
  members: number;
  floor: number;
  accounts: { id: string; handle: string; count: number }[];
}

/**
 * A partition of the network into communities as the digests count members in (history.service.ts
 * keeps one a week): each community known by its leader (the account most followed inside it).
 */
export interface DigestCommunity {
  value: string;
  label: string;
  members: SharedAccountSet;
}

/** The partition's communities of a `networkCommunities` answer. */
export const digestCommunitiesOf = (network: SentCommunities): DigestCommunity[] =>
  network.communities.map((c) => ({
    value: c.topAccounts[0]?.id ?? c.name,
    // Shown as "around @leader": shorter than its name of three terms, and as telling.
    label: c.topAccounts[0]?.handle ?? c.name,
    members: c.members,
  }));

/** What the `historyPoint` task measures (history.service.ts). */
export type HistoryMeasure = DigestComposition & {
  followed: FollowedTally;
  estimate: AudienceEstimate;
  counts: FieldCounts;
  /**
   * The members' X ids, distinct and in numeric order (member-ids.ts `byNumber`), as IdPairs where the
   * engine's ids are numeric, or their change since the point before (member-carry.ts); over the
   * cap: their count.
   */
  members: PointMembers;
};

/**
 * A partition's community per account (0: none, else its place + 1), made once a partition per
 * thread; null when two of its communities share an account (then no label can say both).
 */
interface CommunityLabels {
  key: string;
  labels: Uint32Array | null;
}
let communityLabels: CommunityLabels | undefined;

/**
 * What tells a partition apart: its communities' leaders, sizes and 8 words of each one's bitset
 * spread over it, in order (a partition is sent to a thread with each task, as a new object).
 */
const partitionKey = (communities: readonly DigestCommunity[]): string =>
  communities
    .map((c) => {
      const { bits } = c.members;
      const words = Array.from({ length: Math.min(8, bits.length) }, (_, i) =>
        bits[Math.floor((i * bits.length) / Math.min(8, bits.length))]!.toString(36),
      );
      return `${c.value}:${c.members.count}:${words.join('.')}`;
    })
    .join(',');

function labelsOf(communities: readonly DigestCommunity[]): Uint32Array | null {
  const labels = new Uint32Array(Math.max(0, ...communities.map((c) => c.members.size)));
  for (let i = 0; i < communities.length; i++) {
    const members = accountSetFromShared(communities[i]!.members).toArray();
    for (let k = 0; k < members.length; k++) {
      const n = members[k]!;
      if (labels[n] !== 0) return null;
      labels[n] = i + 1;
    }
  }
  return labels;
}

/**
 * Members of the audience in each community of the partition: one pass over the members reading
 * each one's community, instead of one intersection of bitsets per community (the same counts: a
 * partition's communities are disjoint; were they not, the intersections are counted).
 */
function communityCounts(
  engine: AudienceEngine,
  audience: Audience,
  communities: readonly DigestCommunity[],
): number[] {
  const key = partitionKey(communities);
  if (communityLabels?.key !== key) communityLabels = { key, labels: labelsOf(communities) };
  const { labels } = communityLabels;
  if (!labels) return communities.map((c) => engine.overlap(audience, accountSetFromShared(c.members)));
  const counts = new Uint32Array(communities.length + 1);
  const members = audience.accounts.toArray();
  const end = labels.length;
  for (let k = 0; k < members.length; k++) {
    const n = members[k]!;
    if (n < end) counts[labels[n]!]!++;
  }
  return Array.from(counts.subarray(1));
}

/**
 * The composition of an audience's daily point (docs/API-AUDIENCES.md "History"), from the engine's
 * own panels: its top interests and influential accounts (the insights panels, `DIGEST_VALUES` of
 * each, without their "distinctive" rankings, which the digest does not keep) and its members in
 * each community of a partition of the network (the communities screens' Louvain communities, one
 * partition kept a week by the caller: Louvain finds other communities whenever the live index
 * moves; the audience's own communities would cost a Louvain run per audience and have no identity
 * from day to day). `carry`: the key under which this thread keeps the influential panel's follow
 * tally and the interests' term counts for the audience's next point, which then re-reads only the
 * rows that changed (`InsightsOptions.carry`; the same counts).
 */
export function compositionOf(
  engine: AudienceEngine,
  audience: Audience,
  communities: readonly DigestCommunity[],
  carry = '',
): DigestComposition & { followed: FollowedTally } {
  const { interests, influentialAccounts } = engine.explore.panels(
    audience,
    ['interests', 'influentialAccounts'],
    {
      top: DIGEST_VALUES,
      followedShare: FOLLOWED_SHARE,
      distinctive: false,
      sampleSize: DIGEST_SAMPLE,
      graphSampleSize: DIGEST_GRAPH_SAMPLE,
      carry,
    },
  );
  const counts = communityCounts(engine, audience, communities);
  const inCommunities = communities
    .map((c, i) => ({ value: c.value, label: c.label, count: counts[i]! }))
    .filter((c) => c.count > 0)
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return {
    // Ranked lists: a value missing from one was below its last (`complete: false`).
    interest: {
      members: interests.basis.analysed,
      // Interests are known by their names (unique in the taxonomy): no label to repeat.
      values: interests.interests.map(({ label, count }) => ({ value: label, count })),
      complete: false,
    },
    influential: {
      members: influentialAccounts.basis.analysed,
      values: influentialAccounts.accounts.map((a) => ({ value: a.id, label: a.handle, count: a.count })),
      complete: false,
    },
    // Every community is counted: the members placed in one are what the shares are of.
    community: {
      members: inCommunities.reduce((sum, c) => sum + c.count, 0),
      values: inCommunities.slice(0, DIGEST_VALUES),
      complete: inCommunities.length <= DIGEST_VALUES,
    },
    followed: {
      members: influentialAccounts.basis.analysed,
      floor: influentialAccounts.followed?.floor ?? 0,
      accounts: influentialAccounts.followed?.accounts ?? [],
    },
  };
}
