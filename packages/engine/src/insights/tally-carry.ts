import { RowCursor, type Csr } from '../postings/csr';
import { rowChangesSince, rowsMark, type RowChanges, type RowsMark } from '../live/row-changes';
import { grown } from '../live/structures';

// Counts over a sample's rows carried from one call to the next of the same caller's key (the
// history's daily point of an audience, `InsightsOptions.carry`): the influential panel's follow
// tally (the graph sample's followed accounts) and the interests' profile term counts (the analysed
// sample's). The counts of the call before are brought to this call by subtracting the rows of the
// members who left the sample, adding those of the members who joined it, and re-reading the rows
// of the members kept that may have changed since (the live row log tells which:
// live/row-changes.ts `rowChangesSince`). Exactly the counts read from scratch: where the rows read
// then cannot be compared with now's, they are counted from scratch.

/** What a key's last call counted, and the rows it read. */
interface Carried {
  mark: RowsMark;
  /** The sample, ascending (as the members are). */
  sample: Uint32Array;
  /** The values counted at least once, ascending, and their counts. */
  values: Uint32Array;
  counts: Uint32Array;
  bytes: number;
  /** The call (`calls`) that last used it. */
  used: number;
}

/** Bytes of tallies kept per thread (the samples' members, the values counted and their counts). */
export const CARRY_BYTES = 512 * 2 ** 20;

/**
 * Room a tally counted from scratch keeps for values new to it (an eighth more, `countOnce`): the
 * first carry after it (a history's second day) merges in place instead of into two new arrays of
 * the followed accounts' size per audience, as every later carry already does.
 */
export const CARRY_ROOM = 1 / 8;

/** Carried tallies by key, least recently used first (per thread). */
const carried = new Map<string, Carried>();
let carriedBytes = 0;
let calls = 0;

/** Deltas per value kept between calls on this thread (all zero between calls; grown as needed). */
let deltas = new Int32Array(0);

/** How many tallies were carried and counted from scratch on this thread (tests, benches). */
export const carryStats = { carried: 0, fromScratch: 0 };

/** Forgets every carried tally on this thread (tests). */
export function forgetCarries(): void {
  carried.clear();
  carriedBytes = 0;
}

/** Values and their counts (values ascending, every count above 0). */
export interface SparseCounts {
  values: Uint32Array;
  counts: Uint32Array;
}

/**
 * The counts of the values in `sample`'s rows of `csr` (a version's rows, read through RowCursor),
 * carried from the last call with `key` when its rows can be compared with this version's, else
 * `fromScratch()`; kept for the next call with `key`.
 */
export function carriedCounts(
  key: string,
  csr: Csr,
  sample: Uint32Array,
  fromScratch: () => SparseCounts,
): SparseCounts {
  calls++;
  const before = carried.get(key);
  const changes = before && rowChangesSince(before.mark, csr);
  const tally = (changes && carry(csr, sample, before, changes)) || undefined;
  if (tally) carryStats.carried++;
  else carryStats.fromScratch++;
  const result = tally ?? fromScratch();
  keep(key, {
    mark: rowsMark(csr),
    sample,
    values: result.values,
    counts: result.counts,
    bytes: sample.byteLength + result.values.buffer.byteLength + result.counts.buffer.byteLength,
    used: calls,
  });
  return result;
}

/** Counters per value kept between calls on this thread (all zero between calls). */
let counters = new Uint32Array(0);

/**
 * The counts of the values in `sample`'s rows, each row read once: one counter per value (`size`
 * of them), the values counted listed (sorted when few, else by a scan of the counters), and the
 * counters zeroed again after. `room`: the two arrays are views of buffers with room for that share
 * more values (a tally to be carried: its next merge then goes in place, not into two new arrays).
 */
export function countOnce(csr: Csr, sample: Uint32Array, size: number, room = 0): SparseCounts {
  if (counters.length < size) counters = new Uint32Array(size);
  const per = counters;
  const rows = new RowCursor(csr);
  let touched = new Uint32Array(1024);
  let k = 0;
  try {
    for (let i = 0; i < sample.length; i++) {
      const { data, start, end } = rows.at(sample[i]!);
      for (let e = start; e < end; e++) {
        const f = data[e]!;
        if (per[f]!++ !== 0) continue;
        if (k === touched.length) touched = grown(touched, touched.length * 2);
        touched[k++] = f;
      }
    }
    const length = room > 0 ? k + Math.ceil(k * room) + 64 : k;
    const values = new Uint32Array(length).subarray(0, k);
    if (k * 16 < size) {
      values.set(touched.subarray(0, k));
      values.sort();
    } else {
      let j = 0;
      for (let v = 0; v < size; v++) if (per[v] !== 0) values[j++] = v;
    }
    const counts = new Uint32Array(length).subarray(0, k);
    for (let i = 0; i < k; i++) counts[i] = per[values[i]!]!;
    return { values, counts };
  } finally {
    for (let i = 0; i < k; i++) per[touched[i]!] = 0;
  }
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
    if (carriedBytes + entry.bytes <= CARRY_BYTES || e.used >= calls - carried.size) break;
    carried.delete(k);
    carriedBytes -= e.bytes;
  }
  if (carriedBytes + entry.bytes > CARRY_BYTES) return;
  carried.set(key, entry);
  carriedBytes += entry.bytes;
}

/**
 * The tally of `before` brought to this call's sample and rows; undefined if a count came out
 * negative (which the rows' changes cannot give: then it is counted from scratch).
 */
function carry(
  csr: Csr,
  sample: Uint32Array,
  before: Carried,
  changes: RowChanges,
): SparseCounts | undefined {
  let touched = new Uint32Array(1024);
  let k = 0;
  const note = (f: number, by: number) => {
    if (f >= deltas.length) {
      // Geometrically: the values read grow one by one (a new account, a new term) otherwise.
      const grown = new Int32Array(Math.max(f + 1, deltas.length * 2));
      grown.set(deltas);
      deltas = grown;
    }
    if (deltas[f] === 0) {
      if (k === touched.length) touched = grown(touched, touched.length * 2);
      touched[k++] = f;
    }
    deltas[f]! += by;
  };
  const subtract = (row: Uint32Array) => {
    for (let e = 0; e < row.length; e++) note(row[e]!, -1);
  };
  const rows = new RowCursor(csr);
  const add = (n: number) => {
    const { data, start, end } = rows.at(n);
    for (let e = start; e < end; e++) note(data[e]!, 1);
  };
  try {
    const old = before.sample;
    const cur = sample;
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

/**
 * `before`'s values and counts with the deltas of the values `changed` (ascending; a value may be
 * listed twice), undefined if a count came out negative. Merged in place, from the end, when the
 * arrays' buffers have room for the values new to them (they usually do: a merge that moved counts
 * and removed values leaves room behind it), else into new arrays with that room: a point's tally is
 * not two new arrays of the followed accounts' size (at a million accounts ~440 KB an audience and
 * point, each an external allocation that brings V8's next full collection nearer). The counts
 * returned before with this key are rewritten then: they are valid until the next call with it.
 */
function merged(before: Carried, changed: Uint32Array, d: Int32Array): SparseCounts | undefined {
  const { values, counts } = before;
  const n = values.length;
  // Values new to the tally (a count above zero, none in `values`), and whether any count goes negative.
  let added = 0;
  for (let c = 0, i = 0; c < changed.length; c++) {
    const f = changed[c]!;
    if (c > 0 && changed[c - 1] === f) continue;
    while (i < n && values[i]! < f) i++;
    const count = d[f]! + (i < n && values[i] === f ? counts[i]! : 0);
    if (count < 0) return undefined;
    if (count > 0 && !(i < n && values[i] === f)) added++;
  }
  const room = Math.min(values.buffer.byteLength, counts.buffer.byteLength) / 4;
  const inPlace = values.byteOffset === 0 && counts.byteOffset === 0 && n + added <= room;
  const outValues = inPlace
    ? new Uint32Array(values.buffer, 0, n + added)
    : new Uint32Array(n + changed.length);
  const outCounts = inPlace
    ? new Uint32Array(counts.buffer, 0, n + added)
    : new Uint32Array(n + changed.length);
  // From the end: the next value written is never before the next one read (`w` ≥ `i` throughout, as
  // at most `added` values are written that were not read).
  let w = n + added - 1;
  let i = n - 1;
  for (let c = changed.length - 1; c >= 0; c--) {
    const f = changed[c]!;
    if (c < changed.length - 1 && changed[c + 1] === f) continue;
    while (i >= 0 && values[i]! > f) {
      outValues[w] = values[i]!;
      outCounts[w--] = counts[i--]!;
    }
    let count = d[f]!;
    if (i >= 0 && values[i] === f) count += counts[i--]!;
    if (count === 0) continue;
    outValues[w] = f;
    outCounts[w--] = count;
  }
  // The values before the first one changed are at 0 … i (copied there when the arrays are new), the
  // rest from w + 1: moved down next to them over the room of the values removed.
  if (!inPlace) {
    outValues.set(values.subarray(0, i + 1));
    outCounts.set(counts.subarray(0, i + 1));
  }
  if (w > i) {
    outValues.copyWithin(i + 1, w + 1, n + added);
    outCounts.copyWithin(i + 1, w + 1, n + added);
  }
  const length = n + added - (w - i);
  // Views, not copies: the spare room stays with the carried tally for the next merge.
  return {
    values: new Uint32Array(outValues.buffer, 0, length),
    counts: new Uint32Array(outCounts.buffer, 0, length),
  };
}
