import { RowCursor } from '../postings/csr';
import { rowChangesSince, rowsMark, type RowChanges, type RowsMark } from '../live/row-changes';
import type { InsightContext } from './context';

// The influential panel's follow tally carried from one call to the next of the same caller's key
// (the history's daily point of an audience, `InsightsOptions.followCarry`): the graph sample's
// followed accounts and counts of the call before, brought to this call by subtracting the follows
// of the members who left the sample, adding those of the members who joined it, and re-reading
// the rows of the members kept whose follows may have changed since (the live row log tells which:
// live/row-changes.ts `rowChangesSince`). Exactly the tally counted from scratch (`countFollowsOnce`):
// where the rows read then cannot be compared with now's, it is counted from scratch.

/** What a key's last call counted, and the rows it read. */
interface Carried {
  mark: RowsMark;
  /** The graph sample, ascending (as the members are). */
  sample: Uint32Array;
  followed: Uint32Array;
  counts: Uint32Array;
  bytes: number;
  /** The call (`calls`) that last used it. */
  used: number;
}

/**
 * Bytes of tallies kept per thread (the samples' members, followed accounts and counts): at 1 M
 * accounts a 5 000-member graph sample follows about 200 000 distinct accounts (1.6 MB).
 */
export const FOLLOW_CARRY_BYTES = 512 * 2 ** 20;

/** Carried tallies by key, least recently used first (per thread). */
const carried = new Map<string, Carried>();
let carriedBytes = 0;
let calls = 0;

/** Deltas per account kept between calls on this thread (all zero between calls). */
let deltas = new Int32Array(0);

/** How many calls were carried and counted from scratch on this thread (tests, benches). */
export const followCarryStats = { carried: 0, fromScratch: 0 };

/** Forgets every carried tally on this thread (tests). */
export function forgetFollowCarries(): void {
  carried.clear();
  carriedBytes = 0;
}

/**
 * The graph sample's followed accounts and counts, carried from the last call with `key` when its
 * rows can be compared with this version's, else `fromScratch()`; kept for the next call with `key`.
 */
export function carriedFollowCounts(
  ctx: InsightContext,
  key: string,
  fromScratch: () => { followed: Uint32Array; counts: Uint32Array },
): { followed: Uint32Array; counts: Uint32Array } {
  calls++;
  const now = ctx.index.following;
  const before = carried.get(key);
  const changes = before && rowChangesSince(before.mark, now);
  const tally = (changes && carry(ctx, before, changes)) || undefined;
  if (tally) followCarryStats.carried++;
  else followCarryStats.fromScratch++;
  const result = tally ?? fromScratch();
  keep(key, {
    mark: rowsMark(now),
    sample: ctx.graphSample,
    followed: result.followed,
    counts: result.counts,
    bytes: (ctx.graphSample.length + 2 * result.followed.length) * 4,
    used: calls,
  });
  return result;
}

function keep(key: string, entry: Carried): void {
  const old = carried.get(key);
  if (old) {
    carried.delete(key);
    carriedBytes -= old.bytes;
  }
  // Over the bound: the tallies no call used for a whole round of the keys kept go first (a key no
  // longer asked for); failing that, this one is not kept (dropping the least recently used would
  // drop, in a run over more keys than fit, every tally before its next use).
  for (const [k, e] of carried) {
    if (carriedBytes + entry.bytes <= FOLLOW_CARRY_BYTES || e.used >= calls - carried.size) break;
    carried.delete(k);
    carriedBytes -= e.bytes;
  }
  if (carriedBytes + entry.bytes > FOLLOW_CARRY_BYTES) return;
  carried.set(key, entry);
  carriedBytes += entry.bytes;
}

/**
 * The tally of `before` brought to this call's sample and rows; undefined if a count came out
 * negative (which the rows' changes cannot give: then it is counted from scratch).
 */
function carry(
  ctx: InsightContext,
  before: Carried,
  changes: RowChanges,
): { followed: Uint32Array; counts: Uint32Array } | undefined {
  if (deltas.length < ctx.index.size) deltas = new Int32Array(ctx.index.size);
  let touched = new Uint32Array(1024);
  let k = 0;
  const note = (f: number, by: number) => {
    if (f >= deltas.length) {
      const grown = new Int32Array(f + 1);
      grown.set(deltas);
      deltas = grown;
    }
    if (deltas[f] === 0) {
      if (k === touched.length) {
        const more = new Uint32Array(touched.length * 2);
        more.set(touched);
        touched = more;
      }
      touched[k++] = f;
    }
    deltas[f]! += by;
  };
  const subtract = (row: Uint32Array) => {
    for (let e = 0; e < row.length; e++) note(row[e]!, -1);
  };
  const rows = new RowCursor(ctx.index.following);
  const add = (n: number) => {
    const { data, start, end } = rows.at(n);
    for (let e = start; e < end; e++) note(data[e]!, 1);
  };
  try {
    const old = before.sample;
    const cur = ctx.graphSample;
    let i = 0;
    let j = 0;
    while (i < old.length || j < cur.length) {
      const a = i < old.length ? old[i]! : Infinity;
      const b = j < cur.length ? cur[j]! : Infinity;
      if (a === b) {
        if (changes.mayDiffer(a)) {
          subtract(changes.before(a));
          add(a);
        }
        i++;
        j++;
      } else if (a < b) {
        subtract(changes.before(a));
        i++;
      } else {
        add(b);
        j++;
      }
    }
    return merged(before, touched.subarray(0, k).sort(), deltas);
  } finally {
    for (let i = 0; i < k; i++) deltas[touched[i]!] = 0;
  }
}

/** `before`'s followed accounts and counts with the deltas of the accounts `changed` (ascending). */
function merged(
  before: Carried,
  changed: Uint32Array,
  d: Int32Array,
): { followed: Uint32Array; counts: Uint32Array } | undefined {
  const { followed, counts } = before;
  const outFollowed = new Uint32Array(followed.length + changed.length);
  const outCounts = new Uint32Array(followed.length + changed.length);
  let o = 0;
  let i = 0;
  for (let c = 0; c < changed.length; c++) {
    const f = changed[c]!;
    // An account whose delta came back to zero and moved again is listed twice.
    if (c > 0 && changed[c - 1] === f) continue;
    // The unchanged accounts before f, copied as they are.
    const from = i;
    let lo = i;
    let hi = followed.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (followed[mid]! < f) lo = mid + 1;
      else hi = mid;
    }
    i = lo;
    outFollowed.set(followed.subarray(from, i), o);
    outCounts.set(counts.subarray(from, i), o);
    o += i - from;
    let count = d[f]!;
    if (i < followed.length && followed[i] === f) count += counts[i++]!;
    if (count < 0) return undefined;
    if (count === 0) continue;
    outFollowed[o] = f;
    outCounts[o++] = count;
  }
  outFollowed.set(followed.subarray(i), o);
  outCounts.set(counts.subarray(i), o);
  o += followed.length - i;
  return { followed: outFollowed.slice(0, o), counts: outCounts.slice(0, o) };
}
