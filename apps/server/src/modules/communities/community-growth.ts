import type { CommunityGrowth } from '@murmur/core/api';
import { countFigure, populationEstimate } from '@murmur/core/sampling';
import type { CommunityCensus } from '@murmur/engine';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Trending growth is measured over the last 7 days of the network's time (or since the earliest count held). */
export const GROWTH_WINDOW_DAYS = 7;

/** A census of the partition's communities and the network time it was taken at (ms). */
export interface CensusPoint {
  at: number;
  census: CommunityCensus;
}

const dayOf = (at: number) => Math.floor(at / DAY_MS);

/**
 * The censuses of one partition kept in memory: the first of each network day and the latest, none
 * older than the window (so the earliest kept is the window's start: 7 days back at most, less only
 * while the process has not held counts that long).
 */
export function createCensusHistory(first: CensusPoint) {
  const points: CensusPoint[] = [first];
  return {
    latest: (): CensusPoint => points[points.length - 1]!,
    add(point: CensusPoint) {
      const last = points[points.length - 1]!;
      // A log replayed from further back does not move the network's time backwards here.
      if (point.at < last.at) return;
      const beforeLast = points[points.length - 2];
      // The latest of a day replaces the previous latest; the day's first stays (a baseline).
      if (beforeLast && dayOf(beforeLast.at) === dayOf(last.at) && dayOf(last.at) === dayOf(point.at)) {
        points[points.length - 1] = point;
      } else points.push(point);
      while (points.length > 1 && points[0]!.at < point.at - GROWTH_WINDOW_DAYS * DAY_MS) points.shift();
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
 * Community `c`'s growth between two censuses: the counts in the index, their difference and ratio,
 * and the growth as Murmur's population estimate (each indexed account standing for `rate` people,
 * the index of `to` being the sample: the product's sampling model) when it grew.
 */
export function growthOf(
  c: number,
  window: { from: CensusPoint; to: CensusPoint },
  rate: number,
): CommunityGrowth {
  const before = window.from.census.members[c] ?? 0;
  const now = window.to.census.members[c] ?? 0;
  const change = now - before;
  return {
    from: new Date(window.from.at).toISOString(),
    to: new Date(window.to.at).toISOString(),
    before: countFigure(before, 'indexed'),
    now: countFigure(now, 'indexed'),
    change,
    relative: before > 0 ? Math.round((change / before) * 10_000) / 10_000 : null,
    estimate: change > 0 ? populationEstimate(change, { sampleSize: window.to.census.accounts, rate }) : null,
  };
}
