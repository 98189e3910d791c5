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
import { byNumber, decodeIds, diffSorted, encodeIds } from '../../lib/member-ids';
import type { MembershipRepository, MembershipWrite } from './membership.repository';

export type MembershipService = ReturnType<typeof createMembershipService>;

/** A point's members (history.service.ts): their X ids, distinct in numeric order, or above the cap their count. */
export type PointMembers = { overCap: false; ids: string[] } | { overCap: true; count: number };

/** An audience's latest recorded set: the day of its point and its ids in numeric order. */
export interface LatestSet {
  day: string;
  ids: string[];
}

/** Bytes of encoded sets a process keeps of the audiences' latest sets (the oldest kept go first). */
const LATEST_SETS_BYTES = 64 * 1024 * 1024;

/** This process's copies of audiences' latest sets (encoded), by config id, within `budget` bytes. */
function latestSetsCopy(budget: number) {
  const sets = new Map<number, { day: string; ids: Uint8Array }>();
  let bytes = 0;
  const forget = (configId: number) => {
    const had = sets.get(configId);
    if (!had) return;
    bytes -= had.ids.length;
    sets.delete(configId);
  };
  return {
    get: (configId: number) => sets.get(configId),
    forget,
    keep(configId: number, day: string, ids: Uint8Array) {
      forget(configId);
      if (ids.length > budget) return;
      sets.set(configId, { day, ids });
      bytes += ids.length;
      for (const [oldest] of sets) {
        if (bytes <= budget) break;
        forget(oldest);
      }
    },
  };
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

/**
 * The set of `day` read back from the latest set (of `latestDay`) by undoing the recorded changes
 * after it, newest first; null unless they chain from `day` to `latestDay` (none above the cap).
 */
export function undoChanges(
  latest: readonly string[],
  day: string,
  latestDay: string,
  changes: readonly Pick<AudiencePointMembersRow, 'day' | 'baseDay' | 'overCap' | 'joined' | 'left'>[],
): string[] | null {
  let at = day;
  for (const change of changes) {
    if (change.overCap || change.baseDay !== at) return null;
    at = change.day;
  }
  if (at !== latestDay) return null;
  const members = new Set(latest);
  for (const change of [...changes].reverse()) {
    for (const id of change.joined ? decodeIds(change.joined) : []) members.delete(id);
    for (const id of change.left ? decodeIds(change.left) : []) members.add(id);
  }
  return [...members].sort(byNumber);
}

/** Up to `n` of `ids`, spread evenly over them in numeric id order (the same ids for the same set). */
export function spread(ids: readonly string[], n: number): string[] {
  const sorted = [...ids].sort(byNumber);
  if (sorted.length <= n) return sorted;
  return Array.from({ length: n }, (_, i) => sorted[Math.floor((i * sorted.length) / n)]!);
}

/**
 * Who joined and who left a saved audience (docs/API-AUDIENCES.md "History"): each history point
 * records its members' X ids from the engine's live index as the difference from the point before
 * (the latest full set kept per audience), so the difference between any two retained points is
 * exact; audiences above `cap` indexed members keep none.
 */
export function createMembershipService(deps: {
  repo: MembershipRepository;
  engine: EngineHolder;
  cap?: number;
}) {
  const { repo, engine } = deps;
  const cap = deps.cap ?? MEMBERSHIP_CAP;
  const latestSets = latestSetsCopy(LATEST_SETS_BYTES);

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

  return {
    cap,

    /**
     * The audience's latest recorded set (its day and ids): from this process's copy when that is of
     * the stored day (a set is written once per audience and day, with its point), else read.
     * `known`: the stored day when the caller read it already (null: none stored).
     */
    async latest(configId: number, known?: { day: string } | null): Promise<LatestSet | undefined> {
      const stored = known === undefined ? await repo.latestDay(configId) : known;
      if (!stored) {
        latestSets.forget(configId);
        return undefined;
      }
      const kept = latestSets.get(configId);
      if (kept?.day === stored.day) return { day: kept.day, ids: decodeIds(kept.ids) };
      const row = await repo.current(configId);
      if (!row) return undefined;
      latestSets.keep(configId, row.day, row.ids);
      return { day: row.day, ids: decodeIds(row.ids) };
    },

    /** The members of an audience now, evaluated on this thread's engine (without the history task). */
    membersOf(query: AudienceQuery): PointMembers {
      const e = engine.get();
      const audience = e.evaluate(query.pkg, { exclusions: query.exclusions ?? [] });
      if (audience.sampleCount > cap) return { overCap: true, count: audience.sampleCount };
      const ids = e
        .describeAccounts(audience.accounts.toArray())
        .map((a) => a.id)
        .filter((id) => id !== '')
        .sort(byNumber);
      return { overCap: false, ids: ids.filter((id, i) => i === 0 || id !== ids[i - 1]) };
    },

    /**
     * A new point's membership: its change since the audience's latest set (`previous`), which it
     * replaces. Written with the point, which gives it its id (history.repository.ts `record`); then
     * `kept` tells this process's copy of the latest set.
     */
    changeOf(
      point: Pick<AudiencePointRow, 'configId' | 'day'>,
      members: PointMembers,
      previous: LatestSet | undefined,
    ): MembershipWrite & { kept: () => void } {
      const base = { configId: point.configId, day: point.day };
      if (members.overCap) {
        return {
          change: { ...base, overCap: true, members: members.count },
          current: null,
          kept: () => latestSets.forget(point.configId),
        };
      }
      const ids = encodeIds(members.ids);
      const current = { day: point.day, members: members.ids.length, ids };
      const kept = () => latestSets.keep(point.configId, point.day, ids);
      // The first set of a chain: nothing before it to differ from.
      if (!previous || previous.day >= point.day)
        return { change: { ...base, baseDay: null, members: current.members }, current, kept };
      const { joined, left } = diffSorted(previous.ids, members.ids);
      return {
        change: {
          ...base,
          baseDay: previous.day,
          members: current.members,
          joined: encodeIds(joined),
          left: encodeIds(left),
        },
        current,
        kept,
      };
    },

    /**
     * The X ids of the audience's members at its point of `day` (the latest set with the later
     * changes undone), or why they are not known: the point kept none (recorded before memberships,
     * or its chain to the latest set is broken) or the audience was above the cap.
     */
    async membersOn(
      configId: number,
      day: string,
    ): Promise<{ ids: string[] } | { unavailable: 'not_recorded' | 'over_cap' }> {
      const [point, latest] = await Promise.all([repo.onDay(configId, day), repo.current(configId)]);
      if (point?.overCap) return { unavailable: 'over_cap' };
      if (!point || !latest || latest.day < day) return { unavailable: 'not_recorded' };
      const changes = latest.day === day ? [] : await repo.between(configId, day, latest.day);
      if (changes.some((c) => c.overCap)) return { unavailable: 'over_cap' };
      const ids = undoChanges(decodeIds(latest.ids), day, latest.day, changes);
      return ids === null ? { unavailable: 'not_recorded' } : { ids };
    },

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
      const [start, changes] = await Promise.all([repo.ofPoint(a.id), repo.between(configId, a.day, b.day)]);
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
