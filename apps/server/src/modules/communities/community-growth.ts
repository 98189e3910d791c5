import type { CommunityGrowth } from '@murmur/core/api';
import { countFigure, netGainEstimate } from '@murmur/core/sampling';
import { createHash } from 'node:crypto';
import type { CommunityCensus, CommunityPartition } from '@murmur/engine';
import type { CommunityCountRow } from '../../db/schema';
import type { CommunityCountsRepository } from './community-counts.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Trending growth is measured over the last 7 days of the network's time (or since the earliest count held). */
export const GROWTH_WINDOW_DAYS = 7;

/**
 * A census of the partition's communities (the engine's CommunityCensus; one read back from the
 * database has its counts only, no account-by-account assignment).
 */
export type Census = Omit<CommunityCensus, 'assignment'> & { assignment?: Uint16Array };

/** A census of the partition's communities and the network time it was taken at (ms). */
export interface CensusPoint {
  at: number;
  census: Census;
}

/** The network day (days since 1970-01-01 of X's time) of a time in ms. */
export const dayOf = (at: number) => Math.floor(at / DAY_MS);
/** The first network day a census kept in the window may be of, as of the census at `at`. */
export const windowStartDay = (at: number) => dayOf(at - GROWTH_WINDOW_DAYS * DAY_MS);

/**
 * A fingerprint of a partition (its core, their Louvain communities and the listed ones): stored
 * counts are read back only under the same partition, since counts under another compare unlike things.
 */
export function partitionKey(partition: CommunityPartition): string {
  const hash = createHash('sha256');
  for (const array of [partition.core, partition.community, partition.listed]) {
    hash.update(String(array.length));
    hash.update(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  }
  return hash.digest('hex').slice(0, 32);
}

/**
 * The censuses stored of a partition (community-counts.repository.ts), oldest first: each day's first
 * and, when later, its latest. `communities`: the partition's listed communities (a missing row counts 0).
 */
export function storedCensuses(rows: readonly CommunityCountRow[], communities: number): CensusPoint[] {
  const byDay = new Map<number, CommunityCountRow[]>();
  for (const row of rows) {
    if (row.community >= communities) continue;
    const day = byDay.get(row.day);
    if (day) day.push(row);
    else byDay.set(row.day, [row]);
  }
  const points: CensusPoint[] = [];
  for (const day of [...byDay.keys()].sort((a, b) => a - b)) {
    const dayRows = byDay.get(day)!;
    const census = (side: 'first' | 'last'): CensusPoint => {
      const at = side === 'first' ? 'firstAt' : 'lastAt';
      // Every row of a day holds the same census (one write per census); the extreme one if not.
      const pick = dayRows.reduce((a, b) => ((side === 'first' ? b[at] < a[at] : b[at] > a[at]) ? b : a));
      const members = new Array<number>(communities).fill(0);
      for (const row of dayRows)
        members[row.community] = side === 'first' ? row.firstMembers : row.lastMembers;
      return {
        at: pick[at],
        census: { accounts: side === 'first' ? pick.firstAccounts : pick.lastAccounts, members },
      };
    };
    const first = census('first');
    const last = census('last');
    points.push(first);
    if (last.at > first.at) points.push(last);
  }
  return points;
}

/**
 * The censuses of one partition kept in memory: the first of each network day and the latest, none
 * older than the window (so the earliest kept is the window's start: 7 days back at most, less only
 * while the process has not held counts that long).
 */
export function createCensusHistory(first: CensusPoint) {
  const points: CensusPoint[] = [first];
  return {
    latest: (): CensusPoint => points[points.length - 1]!,
    /** Adds a census; false when it is older than the latest (and was not kept). */
    add(point: CensusPoint): boolean {
      const last = points[points.length - 1]!;
      // A log replayed from further back does not move the network's time backwards here.
      if (point.at < last.at) return false;
      const beforeLast = points[points.length - 2];
      // The latest of a day replaces the previous latest; the day's first stays (a baseline).
      if (beforeLast && dayOf(beforeLast.at) === dayOf(last.at) && dayOf(last.at) === dayOf(point.at)) {
        points[points.length - 1] = point;
      } else points.push(point);
      while (points.length > 1 && points[0]!.at < point.at - GROWTH_WINDOW_DAYS * DAY_MS) points.shift();
      return true;
    },
    /** Whether `point` is kept as the first census of its network day (a window may start there). */
    firstOfItsDay(point: CensusPoint): boolean {
      const k = points.indexOf(point);
      return k === 0 || (k > 0 && dayOf(points[k - 1]!.at) !== dayOf(point.at));
    },
    /** The earliest and latest counts, or null while there is only one. */
    window(): { from: CensusPoint; to: CensusPoint } | null {
      const from = points[0]!;
      const to = points[points.length - 1]!;
      return from === to ? null : { from, to };
    },
  };
}
export type CensusHistory = ReturnType<typeof createCensusHistory>;

/**
 * The stored censuses with the day-first assignments read back attached (each to the census of its
 * day taken at the same time), so that a window starting there knows who joined and left since.
 */
export function withAssignments(
  points: readonly CensusPoint[],
  assignments: readonly { at: number; assignment: Uint16Array }[],
): CensusPoint[] {
  const byAt = new Map(assignments.map((a) => [a.at, a.assignment]));
  return points.map((p) => {
    const assignment = byAt.get(p.at);
    return assignment ? { at: p.at, census: { ...p.census, assignment } } : p;
  });
}

/** A history of the censuses read back (oldest first) followed by `fresh` (ignored when older than them). */
export function restoredHistory(stored: readonly CensusPoint[], fresh: CensusPoint): CensusHistory {
  const [earliest, ...rest] = stored;
  if (!earliest) return createCensusHistory(fresh);
  const history = createCensusHistory(earliest);
  for (const point of [...rest, fresh]) history.add(point);
  return history;
}

/**
 * Per listed community, the indexed accounts in it at both censuses (account by account, from the
 * censuses' assignments), or null when either census was read back from the database (which keeps
 * counts only): the overlap a net gain's interval needs (netChangeInterval).
 */
export function stayedBetween(window: { from: CensusPoint; to: CensusPoint }): number[] | null {
  const a = window.from.census.assignment;
  const b = window.to.census.assignment;
  if (!a || !b) return null;
  const stayed = new Array<number>(window.to.census.members.length).fill(0);
  // Account numbers only grow on a live index; an account beyond the earlier census was not in it.
  const end = Math.min(a.length, b.length);
  for (let n = 0; n < end; n++) {
    const c = a[n]!;
    if (c !== 0 && c === b[n]) stayed[c - 1]!++;
  }
  return stayed;
}

/**
 * Community `c`'s growth between two censuses: the counts in the index, their difference and ratio,
 * and the growth as Murmur's population estimate (each indexed account standing for `rate` people,
 * the index being the sample: the product's sampling model) when the sample shows a gain: the
 * difference of two estimates from one sample at two times, its interval from the accounts that
 * joined and left (`stayed`: those in it at both; null when not known, bounded then), docs
 * "Communities" and docs/decisions/006-sampling-model.md "Net change".
 */
export function growthOf(
  c: number,
  window: { from: CensusPoint; to: CensusPoint },
  rate: number,
  stayed: readonly number[] | null,
): CommunityGrowth {
  const before = window.from.census.members[c] ?? 0;
  const now = window.to.census.members[c] ?? 0;
  const change = now - before;
  const overlap = stayed?.[c] ?? null;
  return {
    from: new Date(window.from.at).toISOString(),
    to: new Date(window.to.at).toISOString(),
    before: countFigure(before, 'indexed'),
    now: countFigure(now, 'indexed'),
    change,
    relative: before > 0 ? Math.round((change / before) * 10_000) / 10_000 : null,
    estimate: netGainEstimate(
      { before, now, stayed: overlap },
      { sampleSize: window.to.census.accounts, rate },
    ),
  };
}

/**
 * Stores a census of a live index (its day's first also account by account: a window may start
 * there) and prunes the days older than the window. A failed write keeps the census in memory only
 * (the answer does not fail for it; a restart then misses that count). Nothing without a database.
 */
export function censusStore(
  counts: CommunityCountsRepository | undefined,
  log: { warn(obj: unknown, msg: string): void } | undefined,
) {
  return async (key: string, { at, census }: CensusPoint, firstOfDay: boolean): Promise<void> => {
    if (!counts) return;
    try {
      await counts.record({ partition: key, at, day: dayOf(at), ...census });
      if (firstOfDay && census.assignment)
        await counts.recordAssignment(key, dayOf(at), at, census.assignment);
      await counts.prune(windowStartDay(at));
    } catch (err) {
      log?.warn({ err }, 'community counts not stored');
    }
  };
}
