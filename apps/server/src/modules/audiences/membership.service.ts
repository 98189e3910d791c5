import {
  MEMBERSHIP_CAP,
  MEMBERSHIP_SAMPLE,
  type MemberAccount,
  type MembershipChanges,
  type MembershipSide,
} from '@murmur/core/api';
import { populationEstimate, type EstimateFigure } from '@murmur/core/sampling';
import type { AudienceQuery } from '@murmur/engine';
import type { AudiencePointMembersRow, AudiencePointRow } from '../../db/schema';
import type { EngineHolder } from '../../engine/engine-holder';
import { memberIds } from '../../engine/member-order';
import type { MembersSince, PointMembers as MeasuredMembers } from '../../engine/member-carry';
import { byNumber, countOf, decodeIds, diffLists, encodeList, type MemberList } from '../../lib/member-ids';
import {
  LATEST_SETS_BYTES,
  LATEST_SETS_IDS,
  latestSetsCopy,
  type LatestSet,
  type LatestSets,
} from './latest-sets';
import type { MembershipRepository, MembershipWrite } from './membership.repository';

export type MembershipService = ReturnType<typeof createMembershipService>;

/**
 * A point's members (history.service.ts): their X ids, distinct in numeric order, and/or their change
 * since the point before as the engine's thread told it (engine/member-carry.ts), or above the cap
 * their count.
 */
export type PointMembers =
  MeasuredMembers | { overCap: false; ids: MemberList; token?: undefined; change?: undefined };

/**
 * A full set is stored with every FULL_EVERY-th point of a chain by default (and whenever the change
 * is larger than the set): reading a point's set applies or undoes at most that many changes (a few
 * hundred ids each, against a full set's megabytes at 400 000 members), and a difference between two
 * points reads the changes alone. A full set makes a point dear (every member's X id listed, encoded
 * and written: at 1 M accounts a day of 1 000 audiences with their full sets cost twice one without,
 * bench/README.md "bench:history"): one a month of daily points. The retention removes whole points,
 * so a retained point whose full set before it was removed is read back from the next one.
 */
export const FULL_EVERY = 30;

/**
 * A new point's membership: its change since the audience's latest set (`previous`, or the set the
 * engine's thread kept when `members` is its change from the set `latestSets` holds the token of),
 * with the full set too when the chain starts (then alone), every FULL_EVERY points or when the
 * change is larger than the set. Written with the point, which gives it its id
 * (history.repository.ts `record`); then `kept` tells this process's copy of the latest set.
 */
function changeOfPoint(
  latestSets: LatestSets,
  fullEvery: number,
  point: Pick<AudiencePointRow, 'configId' | 'day'>,
  members: PointMembers,
  previous: LatestSet | undefined,
): MembershipWrite & { kept: () => void } {
  const base = { configId: point.configId, day: point.day };
  if (members.overCap) {
    return {
      change: { ...base, overCap: true, members: members.count },
      kept: () => latestSets.forget(point.configId),
    };
  }
  const { token } = members;
  // The change since the set the engine's thread kept (member-carry.ts), when it is the latest
  // recorded: no list of every member made, diffed or encoded, but every FULL_EVERY points.
  const header = latestSets.headerOf(point.configId);
  const carried =
    members.change &&
    header?.token === members.change.since &&
    header.day < point.day &&
    (!previous || previous.day === header.day) &&
    header;
  if (members.change && carried && token) {
    const full = members.ids !== undefined;
    const sinceFull = full ? 0 : carried.sinceFull + 1;
    return {
      change: {
        ...base,
        baseDay: carried.day,
        members: members.count,
        joined: encodeList(members.change.joined),
        left: encodeList(members.change.left),
        ...(members.ids && { ids: encodeList(members.ids) }),
      },
      kept: () =>
        members.ids
          ? latestSets.keep(point.configId, { day: point.day, ids: members.ids, sinceFull, token })
          : latestSets.keepCarried(point.configId, { day: point.day, sinceFull, token }),
    };
  }
  const ids = members.ids;
  if (!ids) throw new Error('a point without its member list nor a change from its latest set');
  const count = countOf(ids);
  const kept = (sinceFull: number) => () =>
    latestSets.keep(point.configId, { day: point.day, ids, sinceFull, token });
  // The first set of a chain: nothing before it to differ from.
  if (!previous || previous.day >= point.day) {
    return {
      change: { ...base, baseDay: null, members: count, ids: encodeList(ids) },
      kept: kept(0),
    };
  }
  // Ids or IdPairs: the same sets, the same bytes (lib/member-ids.ts).
  const { joined, left } = diffLists(previous.ids, ids);
  // The change is kept even when larger than the set: a set before it is read back through it.
  const full = countOf(joined) + countOf(left) > count || previous.sinceFull + 1 >= fullEvery;
  return {
    change: {
      ...base,
      baseDay: previous.day,
      members: count,
      joined: encodeList(joined),
      left: encodeList(left),
      ...(full && { ids: encodeList(ids) }),
    },
    kept: kept(full ? 0 : previous.sinceFull + 1),
  };
}

type ChainRow = Pick<AudiencePointMembersRow, 'day' | 'baseDay' | 'overCap' | 'joined' | 'left' | 'ids'>;
const idsOf = (b: Uint8Array | null) => (b ? decodeIds(b) : []);

/**
 * The set of `day` from a chain of rows (oldest first, membership.repository.ts `chainTo`): forward,
 * the first row's full set with the later changes applied; back, the last row's full set with the
 * changes after `day` undone. With the changes applied since the full set (forward), or null unless
 * the rows chain (each the base of the next, none above the cap) and end (forward) or start (back) at `day`.
 */
export function setOnDay(
  direction: 'forward' | 'back',
  rows: readonly ChainRow[],
  day: string,
): { ids: string[]; sinceFull: number } | null {
  if (rows.length === 0 || rows.some((r) => r.overCap)) return null;
  for (let i = 1; i < rows.length; i++) if (rows[i]!.baseDay !== rows[i - 1]!.day) return null;
  let members: Set<string>;
  let sinceFull = 0;
  if (direction === 'forward') {
    const [full, ...after] = rows;
    if (!full!.ids || rows.at(-1)!.day !== day) return null;
    members = new Set(decodeIds(full!.ids));
    for (const row of after) {
      if (row.ids) {
        members = new Set(decodeIds(row.ids));
        sinceFull = 0;
        continue;
      }
      for (const id of idsOf(row.left)) members.delete(id);
      for (const id of idsOf(row.joined)) members.add(id);
      sinceFull++;
    }
  } else {
    const full = rows.at(-1)!;
    if (!full.ids || rows[0]!.day !== day) return null;
    members = new Set(decodeIds(full.ids));
    for (const row of rows.slice(1).reverse()) {
      for (const id of idsOf(row.joined)) members.delete(id);
      for (const id of idsOf(row.left)) members.add(id);
    }
  }
  return { ids: [...members].sort(byNumber), sinceFull };
}

/** The ids that joined and left between the first and last of consecutive changes (oldest first). */
export function netChange(changes: readonly { joined: readonly string[]; left: readonly string[] }[]): {
  joined: string[];
  left: string[];
} {
  // An id's state before the range is the opposite of its first event; after it, its last event.
  const first = new Map<string, boolean>();
  const last = new Map<string, boolean>();
  for (const change of changes) {
    for (const id of change.joined) {
      if (!first.has(id)) first.set(id, true);
      last.set(id, true);
    }
    for (const id of change.left) {
      if (!first.has(id)) first.set(id, false);
      last.set(id, false);
    }
  }
  const joined: string[] = [];
  const left: string[] = [];
  for (const [id, joinedFirst] of first) {
    if (joinedFirst !== last.get(id)) continue; // out and out again, or in and in again
    (joinedFirst ? joined : left).push(id);
  }
  return { joined, left };
}

/** Up to `n` of `ids`, spread evenly over them in numeric id order (the same ids for the same set). */
export function spread(ids: readonly string[], n: number): string[] {
  const sorted = [...ids].sort(byNumber);
  if (sorted.length <= n) return sorted;
  return Array.from({ length: n }, (_, i) => sorted[Math.floor((i * sorted.length) / n)]!);
}

/**
 * Who joined and who left a saved audience (docs/API-AUDIENCES.md "History"): each history point
 * records its members' X ids from the engine's live index as the difference from the point before,
 * with the full set every FULL_EVERY points of a chain (or when the change is larger), so the set of
 * any retained point and the difference between any two are exact; audiences above `cap` indexed
 * members keep none.
 */
export function createMembershipService(deps: {
  repo: MembershipRepository;
  engine: EngineHolder;
  cap?: number;
  /** What this process keeps of the latest sets (LATEST_SETS_IDS ids, then LATEST_SETS_BYTES encoded). */
  latestSets?: { ids: number; bytes: number };
  /** A full set with every this-many-th point of a chain (FULL_EVERY; tests take fewer days). */
  fullEvery?: number;
}) {
  const { repo, engine } = deps;
  const cap = deps.cap ?? MEMBERSHIP_CAP;
  const fullEvery = deps.fullEvery ?? FULL_EVERY;
  const latestSets = latestSetsCopy(deps.latestSets ?? { ids: LATEST_SETS_IDS, bytes: LATEST_SETS_BYTES });

  /** The engine's account of an X id now, or its id alone when it left the network. */
  function describe(ids: readonly string[]): MemberAccount[] {
    const e = engine.get();
    return ids
      .map((id) => {
        const n = e.findAccountById?.(id);
        const summary = n === undefined ? undefined : e.describeAccounts([n])[0];
        if (!summary || summary.id !== id)
          return { id, in_network: false, handle: null, name: null, followers: null, verified: null };
        return {
          id,
          in_network: true,
          handle: summary.handle,
          name: summary.name,
          followers: summary.followers,
          verified: summary.verified,
        };
      })
      .sort((a, b) => (b.followers ?? -1) - (a.followers ?? -1) || a.id.localeCompare(b.id));
  }

  const side = (ids: string[], size: EstimateFigure): MembershipSide => ({
    count: { kind: 'count', value: ids.length, of: 'indexed' },
    estimate: populationEstimate(ids.length, { sampleSize: size.sample_size, rate: size.rate }),
    sample: describe(spread(ids, MEMBERSHIP_SAMPLE)),
  });

  /**
   * The X ids of the audience's members at its point of `day` (the nearest full set with the
   * changes between applied or undone), or why they are not known: the point kept none (recorded
   * before memberships, or its chain to a full set is broken) or the audience was above the cap.
   */
  async function membersOn(
    configId: number,
    day: string,
  ): Promise<{ ids: string[] } | { unavailable: 'not_recorded' | 'over_cap' }> {
    const point = await repo.onDay(configId, day);
    if (point?.overCap) return { unavailable: 'over_cap' };
    if (!point) return { unavailable: 'not_recorded' };
    const chain = await repo.chainTo(configId, day);
    if (chain?.rows.some((r) => r.overCap)) return { unavailable: 'over_cap' };
    const set = chain && setOnDay(chain.direction, chain.rows, day);
    return set ? { ids: set.ids } : { unavailable: 'not_recorded' };
  }

  return {
    cap,

    /**
     * The audience's latest recorded set: from this process's copy when that is of the stored day (a
     * set is written once per audience and day, with its point), else read from the last full set.
     * `known`: the stored day when the caller read it already (null: none stored).
     */
    async latest(configId: number, known: { day: string } | null): Promise<LatestSet | undefined> {
      if (!known) {
        latestSets.forget(configId);
        return undefined;
      }
      const kept = latestSets.dayOf(configId) === known.day ? latestSets.get(configId) : undefined;
      if (kept) return kept;
      const chain = await repo.chainTo(configId, known.day);
      const set = chain?.direction === 'forward' ? setOnDay('forward', chain.rows, known.day) : null;
      if (!set) return undefined;
      const latest = { day: known.day, ...set };
      latestSets.keep(configId, latest);
      return latest;
    },

    /**
     * What the engine's thread may know the audience's latest recorded set by (its token, when this
     * process recorded it from the thread's answer) and whether the next point stores a full set:
     * the `historyPoint` task then answers with the change since it (engine/member-carry.ts).
     */
    since(configId: number, known: { day: string } | null): MembersSince | undefined {
      const header = latestSets.headerOf(configId);
      if (!known || !header?.token || header.day !== known.day) return undefined;
      return { token: header.token, full: header.sinceFull + 1 >= fullEvery };
    },

    /** Whether `members` is a change from the latest set this process keeps the token of (`changeOf` takes it). */
    carries(configId: number, members: PointMembers): boolean {
      const header = latestSets.headerOf(configId);
      return (
        !members.overCap && !!members.change && !!members.token && header?.token === members.change.since
      );
    },

    /** The members of an audience now, evaluated on this thread's engine (without the history task). */
    membersOf(query: AudienceQuery): PointMembers {
      const e = engine.get();
      const audience = e.evaluate(query.pkg, { exclusions: query.exclusions ?? [] });
      if (audience.sampleCount > cap) return { overCap: true, count: audience.sampleCount };
      return { overCap: false, ids: memberIds(e, audience.accounts) };
    },

    /** A new point's membership (`changeOfPoint`), and what this process keeps of it once written. */
    changeOf: (
      point: Pick<AudiencePointRow, 'configId' | 'day'>,
      members: PointMembers,
      previous: LatestSet | undefined,
    ) => changeOfPoint(latestSets, fullEvery, point, members, previous),

    membersOn,

    /** Who joined and who left between two of the audience's points (`a` on or before `b`). */
    async between(
      configId: number,
      a: Pick<AudiencePointRow, 'id' | 'day' | 'measured'>,
      b: Pick<AudiencePointRow, 'id' | 'day' | 'measured' | 'size'>,
    ): Promise<MembershipChanges> {
      const answer = (
        unavailable: MembershipChanges['unavailable'],
        sides?: { joined: string[]; left: string[] },
      ): MembershipChanges => ({
        audience_config_id: configId,
        from: { day: a.day, measured: a.measured.toISOString() },
        to: { day: b.day, measured: b.measured.toISOString() },
        cap,
        unavailable,
        joined: sides ? side(sides.joined, b.size) : null,
        left: sides ? side(sides.left, b.size) : null,
      });
      // The changes alone: the full sets among them are not read.
      const [start, changes] = await Promise.all([
        repo.changeOfPoint(a.id),
        repo.changesBetween(configId, a.day, b.day),
      ]);
      const end = b.id === a.id ? start : changes.find((c) => c.pointId === b.id);
      if (!start || !end) return answer('not_recorded');
      if (start.overCap || end.overCap) return answer('over_cap');
      // The recorded changes must chain from the first point's set to the second's.
      const chain: { joined: string[]; left: string[] }[] = [];
      let day = start.day;
      for (const change of changes) {
        if (change.overCap) return answer('over_cap');
        if (change.baseDay !== day) return answer('not_recorded');
        chain.push({
          joined: change.joined ? decodeIds(change.joined) : [],
          left: change.left ? decodeIds(change.left) : [],
        });
        day = change.day;
      }
      if (day !== end.day) return answer('not_recorded');
      return answer(null, netChange(chain));
    },
  };
}
