import { countOf, decodeIds, decodePairs, encodeList, type MemberList } from '../../lib/member-ids';

// What a process keeps of each saved audience's latest recorded member set, for the next point's
// change (membership.service.ts): the ids, encoded, or only the token of the set the engine's thread
// keeps (engine/member-carry.ts).

/**
 * An audience's latest recorded set: the day of its point, its ids in numeric order and the changes
 * stored since the chain's last full set.
 */
export interface LatestSet {
  day: string;
  ids: MemberList;
  sinceFull: number;
}

/**
 * Member ids a process keeps of the audiences' latest sets as id lists (nothing to decode at the next
 * point); sets beyond it are kept encoded (lib/member-ids.ts, a few bytes an id) within
 * LATEST_SETS_BYTES, so that a day's run over more members than that (a thousand audiences at
 * a million accounts) does not read every set back from the database (bench/README.md "bench:history").
 */
export const LATEST_SETS_IDS = 2_000_000;
export const LATEST_SETS_BYTES = 128 * 1024 * 1024;

/**
 * A latest set as this process keeps it: as ids, encoded, or only by the token under which the
 * engine's thread keeps it (its next point's change comes from there: engine/member-carry.ts).
 */
type KeptSet = { day: string; sinceFull: number; token?: string | undefined } & (
  { ids: MemberList } | { encoded: Uint8Array; pairs: boolean } | { carried: true }
);

/** This process's copies of audiences' latest sets, by config id, within `budget` ids and bytes encoded. */
export function latestSetsCopy(budget: { ids: number; bytes: number }) {
  const sets = new Map<number, KeptSet>();
  let ids = 0;
  let bytes = 0;
  const forget = (configId: number) => {
    const had = sets.get(configId);
    if (!had) return;
    if ('ids' in had) ids -= countOf(had.ids);
    else if ('encoded' in had) bytes -= had.encoded.length;
    sets.delete(configId);
  };
  return {
    /** The set kept of an audience (decoded when kept encoded). */
    get(configId: number): LatestSet | undefined {
      const kept = sets.get(configId);
      if (!kept || 'carried' in kept) return undefined;
      if ('ids' in kept) return kept;
      // Read back in the form it was kept in (pairs: no string an id).
      const ids = (kept.pairs && decodePairs(kept.encoded)) || decodeIds(kept.encoded);
      return { day: kept.day, sinceFull: kept.sinceFull, ids };
    },
    /** The day of the set kept of an audience. */
    dayOf: (configId: number) => sets.get(configId)?.day,
    /** The day, changes since the full set and engine token of the set kept of an audience. */
    headerOf(configId: number): { day: string; sinceFull: number; token?: string | undefined } | undefined {
      const kept = sets.get(configId);
      return kept && { day: kept.day, sinceFull: kept.sinceFull, token: kept.token };
    },
    forget,
    /** Keeps only what names a set the engine's thread keeps (no ids: its next change comes from there). */
    keepCarried(configId: number, set: { day: string; sinceFull: number; token: string }) {
      forget(configId);
      sets.set(configId, { ...set, carried: true });
    },
    keep(configId: number, set: LatestSet & { token?: string | undefined }) {
      forget(configId);
      const count = countOf(set.ids);
      if (ids + count <= budget.ids) {
        sets.set(configId, set);
        ids += count;
        return;
      }
      const encoded = encodeList(set.ids);
      if (encoded.length > budget.bytes) return;
      const pairs = !Array.isArray(set.ids);
      sets.set(configId, { day: set.day, sinceFull: set.sinceFull, token: set.token, encoded, pairs });
      bytes += encoded.length;
      // The oldest kept encoded go first (those kept as ids stay: they are within their budget).
      for (const [oldest, kept] of sets) {
        if (bytes <= budget.bytes) break;
        if ('encoded' in kept) forget(oldest);
      }
    },
  };
}

export type LatestSets = ReturnType<typeof latestSetsCopy>;
