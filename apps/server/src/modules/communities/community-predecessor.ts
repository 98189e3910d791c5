import type { AudienceEngine, CommunityCensus, CommunityPartition } from '@murmur/engine';
import type { CommunityCountsRepository, StoredPartition } from './community-counts.repository';
import {
  restoredHistory,
  storedCensuses,
  windowStartDay,
  withAssignments,
  type CensusHistory,
  type CensusPoint,
} from './community-growth';

/**
 * A partition as stored (community-counts.repository.ts): its core by X id, so that another index of
 * the same network (a restart, whose account numbers may differ) can count it.
 */
export function storedPartitionOf(
  key: string,
  partition: CommunityPartition,
  at: number,
  engine: Pick<AudienceEngine, 'describeAccounts'>,
): StoredPartition {
  return {
    partition: key,
    at,
    core: engine.describeAccounts(partition.core).map((a) => a.id),
    community: Array.from(partition.community),
    listed: Array.from(partition.listed),
  };
}

/**
 * A stored partition on this index: each core account by its number here (accounts no longer in the
 * index dropped with their community), ascending as CommunityPartition's core is.
 */
export function partitionOnIndex(
  stored: StoredPartition,
  numberOf: (id: string) => number | undefined,
): CommunityPartition {
  const found: [number, number][] = [];
  stored.core.forEach((id, i) => {
    const n = numberOf(id);
    if (n !== undefined) found.push([n, stored.community[i]!]);
  });
  found.sort((a, b) => a[0] - b[0]);
  return {
    core: Uint32Array.from(found, ([n]) => n),
    community: Uint32Array.from(found, ([, c]) => c),
    listed: Int32Array.from(stored.listed),
  };
}

/** A community's members on one index must be at least this share of the union with its match. */
export const MATCH_JACCARD = 0.5;

/**
 * Each listed community of the partition found now matched to one of an earlier partition's, both
 * counted on the same index (their censuses' assignments: position + 1 per account, 0 for none), by
 * member overlap: the two must be each other's largest overlap and share at least MATCH_JACCARD of
 * their union. null: no community of the earlier partition is the same one (new, split or merged).
 */
export function matchCommunities(
  now: Uint16Array,
  before: Uint16Array,
  listedNow: number,
  listedBefore: number,
): (number | null)[] {
  const overlap = Array.from({ length: listedNow }, () => new Array<number>(listedBefore).fill(0));
  const sizeNow = new Array<number>(listedNow).fill(0);
  const sizeBefore = new Array<number>(listedBefore).fill(0);
  const end = Math.min(now.length, before.length);
  for (let n = 0; n < end; n++) {
    const a = now[n]!;
    const b = before[n]!;
    if (a !== 0) sizeNow[a - 1]!++;
    if (b !== 0) sizeBefore[b - 1]!++;
    if (a !== 0 && b !== 0) overlap[a - 1]![b - 1]!++;
  }
  const best = (row: readonly number[]) => row.reduce((k, v, i) => (v > (k < 0 ? 0 : row[k]!) ? i : k), -1);
  return overlap.map((row, c) => {
    const m = best(row);
    if (m < 0) return null;
    if (best(overlap.map((r) => r[m]!)) !== c) return null;
    const shared = row[m]!;
    return shared / (sizeNow[c]! + sizeBefore[m]! - shared) >= MATCH_JACCARD ? m : null;
  });
}

/** The partition counted under before this process's, while its censuses reach further back. */
export interface Predecessor {
  key: string;
  partition: CommunityPartition;
  censuses: CensusHistory;
  /** Per listed community of the partition now: its match's position in this one, or null. */
  match: (number | null)[];
}

/**
 * The censuses growth is read from (docs/API-AUDIENCES.md "Communities"): the predecessor's while
 * they reach further back than the partition's own, each community by its match there (`match`).
 */
export function growthCensuses(n: { censuses: CensusHistory; predecessor?: Predecessor | undefined }): {
  censuses: CensusHistory;
  match: ((c: number) => number | null) | null;
} {
  const own = n.censuses.window();
  const before = n.predecessor?.censuses.window();
  if (n.predecessor && before && (!own || before.from.at < own.from.at)) {
    const { match } = n.predecessor;
    return { censuses: n.predecessor.censuses, match: (c) => match[c] ?? null };
  }
  return { censuses: n.censuses, match: null };
}

/**
 * Finds the partition an earlier process counted under, when it is not this one (Louvain on a moved
 * index, after a restart from a live snapshot, finds another): counted on this index (`census`), its
 * stored censuses read back, its communities matched to this partition's by member overlap here.
 */
export function createPredecessorFinder(deps: {
  counts: CommunityCountsRepository | undefined;
  census: (partition: CommunityPartition) => Promise<CommunityCensus>;
  store: (key: string, point: CensusPoint, firstOfDay: boolean) => Promise<void>;
}) {
  const { counts, census: countOn, store } = deps;
  return async (
    engine: Pick<AudienceEngine, 'findAccountById'>,
    key: string,
    fresh: CensusPoint,
  ): Promise<Predecessor | undefined> => {
    if (!counts || !engine.findAccountById || !fresh.census.assignment) return undefined;
    const since = windowStartDay(fresh.at);
    const stored = await counts.latestOtherPartition(key, since);
    if (!stored) return undefined;
    const partition = partitionOnIndex(stored, (id) => engine.findAccountById!(id));
    const census = await countOn(partition);
    const point = { at: fresh.at, census };
    const listed = stored.listed.reduce((m, p) => Math.max(m, p + 1), 0);
    const censuses = restoredHistory(
      withAssignments(
        storedCensuses(await counts.since(stored.partition, since), listed),
        await counts.assignmentsSince(stored.partition, since),
      ),
      point,
    );
    if (censuses.latest() === point) await store(stored.partition, point, censuses.firstOfItsDay(point));
    const match = matchCommunities(
      fresh.census.assignment,
      census.assignment,
      fresh.census.members.length,
      listed,
    );
    return { key: stored.partition, partition, censuses, match };
  };
}
