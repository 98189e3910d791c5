import { AccountKind, type AccountTable } from '../model/accounts';
import type { Csr } from '../model/csr';
import { EDGE_HEADROOM } from '../model/follow-graph';
import { Column } from '../model/growable';
import { logNormal } from '../random/distributions';
import type { Rng } from '../random/prng';
import { pickTarget, type FollowSamplers } from './follow-samplers';
import { isSocial } from './sociality';

export { isSocial };

/** X caps following at 5 000 for most accounts. */
const MAX_FOLLOWING = 5000;

/** How much likelier a social account's follow is returned than an information follower's. */
export const RETURNED = { social: 1, listener: 0.012, brand: 0.25 } as const;

/**
 * Per account u, the factor on the chance that an account u follows follows it back: social
 * accounts' follows are returned, information followers' almost never, brands' and media's
 * sometimes (by fans), spam's only by other spam (see `FOLLOW_BACK_TO_SPAM`).
 */
export function returnFactors(a: AccountTable): Float32Array {
  const factors = new Float32Array(a.count);
  for (let u = 0; u < a.count; u++) {
    const kind = a.kind[u]!;
    factors[u] =
      kind === AccountKind.spam
        ? 1
        : kind === AccountKind.brand || kind === AccountKind.media
          ? RETURNED.brand
          : isSocial(a, u)
            ? RETURNED.social
            : RETURNED.listener;
  }
  return factors;
}

/** Social accounts keep larger circles; information followers fewer, mostly stars and topics. */
const SOCIAL_FOLLOWING = 3.6;
const LISTENER_FOLLOWING = 0.6;

/**
 * How many accounts u decides to follow by itself (follow-backs come on top). People follow a few
 * dozen; creators follow more; spam follows many, which with its few followers is a tell-tale.
 */
function wantedFollowing(a: AccountTable, u: number, rng: Rng): number {
  let k: number;
  switch (a.kind[u]!) {
    case AccountKind.spam:
      k = logNormal(rng, 55, 0.9);
      break;
    case AccountKind.creator:
      k = logNormal(rng, 120, 1);
      break;
    case AccountKind.brand:
      k = logNormal(rng, 60, 1);
      break;
    case AccountKind.media:
      k = logNormal(rng, 25, 1);
      break;
    default:
      k = logNormal(rng, 25, 1);
  }
  if (a.kind[u] === AccountKind.person || a.kind[u] === AccountKind.creator)
    k *= isSocial(a, u) ? SOCIAL_FOLLOWING : LISTENER_FOLLOWING;
  return Math.min(MAX_FOLLOWING, a.count - 1, Math.max(1, Math.round(k)));
}

// By AccountKind: person, creator, brand, media, spam.
export const FOLLOW_BACK_BASE = [0.95, 0.08, 0.02, 0.02, 0.01];

/** Between two social accounts a follow is a friendship, mostly returned (less by the popular). */
export const friendReturn = (a: AccountTable, v: number): number => 0.97 / (1 + a.fitness[v]! / 60);

/** Information followers seldom return a follow either. */
export const LISTENER_FOLLOW_BACK = 0.03;

/**
 * Probability that v follows back someone who followed it. People often do; stars, brands and media
 * rarely (the more followers, the less). Spam follows back nearly everyone (follow-for-follow).
 * Precomputed per account: the follow-back pass touches 40M edges in random order, and one array
 * read per edge is what keeps it fast.
 */
export function followBackChances(a: AccountTable): Float32Array {
  const chances = new Float32Array(a.count);
  for (let v = 0; v < a.count; v++) {
    const kind = a.kind[v]!;
    const base =
      kind === AccountKind.person && !isSocial(a, v) ? LISTENER_FOLLOW_BACK : FOLLOW_BACK_BASE[kind]!;
    chances[v] = kind === AccountKind.spam ? base : base / (1 + a.fitness[v]! / 6);
  }
  return chances;
}

/** Nobody returns a spam follow, except other spam. */
export const FOLLOW_BACK_TO_SPAM = 0.004;

/** Each account's own follows, deduplicated and sorted per row. */
function initiatedFollows(a: AccountTable, s: FollowSamplers, rng: Rng): Csr {
  const n = a.count;
  const want = new Uint32Array(n);
  let total = 0;
  let widest = 0;
  for (let u = 0; u < n; u++) {
    want[u] = wantedFollowing(a, u, rng);
    total += want[u]!;
    widest = Math.max(widest, want[u]!);
  }
  const offsets = new Uint32Array(n + 1);
  const values = new Uint32Array(total);
  const scratch = new Uint32Array(widest);
  let k = 0;
  for (let u = 0; u < n; u++) {
    const m = want[u]!;
    for (let j = 0; j < m; j++) scratch[j] = pickTarget(s, a, u, rng);
    // Repeated picks of the same star collapse into one follow (realised degree ≤ wanted).
    const count = uniqueSorted(scratch.subarray(0, m), u);
    values.set(scratch.subarray(0, count), k);
    k += count;
    offsets[u + 1] = k;
  }
  return { offsets, values: values.slice(0, k) };
}

/** Sorts `row` in place and moves its distinct values other than `self` to the front; returns their count. */
function uniqueSorted(row: Uint32Array, self: number): number {
  row.sort();
  let count = 0;
  let previous = -1;
  for (let j = 0; j < row.length; j++) {
    const v = row[j]!;
    if (v !== previous && v !== self) row[count++] = v;
    previous = v;
  }
  return count;
}

/** Adds follow-backs and returns the complete following CSR (rows sorted, no duplicates). */
export function generateFollowEdges(a: AccountTable, s: FollowSamplers, rng: Rng): Csr {
  const n = a.count;
  const first = initiatedFollows(a, s, rng);
  // Back edges v → u, generated in ascending u, so grouping them by v keeps each group sorted.
  // About one initiated follow in six is returned; reserve for that to avoid regrowing.
  const backFrom = new Column(Uint32Array, Math.ceil(first.values.length / 6));
  const backTo = new Column(Uint32Array, Math.ceil(first.values.length / 6));
  const chances = followBackChances(a);
  const factors = returnFactors(a);
  for (let u = 0; u < n; u++) {
    const spam = a.kind[u] === AccountKind.spam;
    const factor = factors[u]!;
    const social = isSocial(a, u);
    for (let k = first.offsets[u]!; k < first.offsets[u + 1]!; k++) {
      const v = first.values[k]!;
      const chance =
        spam && a.kind[v] !== AccountKind.spam
          ? FOLLOW_BACK_TO_SPAM
          : social && isSocial(a, v)
            ? friendReturn(a, v)
            : chances[v]! * factor;
      if (rng.float() < chance) {
        backFrom.push(v);
        backTo.push(u);
      }
    }
  }
  return mergeRows(first, backFrom.view(), backTo.view(), n);
}

function mergeRows(first: Csr, backFrom: Uint32Array, backTo: Uint32Array, n: number): Csr {
  const backOffsets = new Uint32Array(n + 1);
  for (let i = 0; i < backFrom.length; i++) backOffsets[backFrom[i]! + 1]!++;
  for (let v = 0; v < n; v++) backOffsets[v + 1]! += backOffsets[v]!;
  const back = new Uint32Array(backFrom.length);
  const cursor = backOffsets.slice(0, n);
  for (let i = 0; i < backFrom.length; i++) back[cursor[backFrom[i]!]!++] = backTo[i]!;
  const offsets = new Uint32Array(n + 1);
  // Spare capacity behind the rows lets the history's follows be compacted in place (FollowGraph).
  const values = new Uint32Array(Math.ceil((first.values.length + back.length) * EDGE_HEADROOM));
  let k = 0;
  for (let v = 0; v < n; v++) {
    let i = first.offsets[v]!;
    const iEnd = first.offsets[v + 1]!;
    let j = backOffsets[v]!;
    const jEnd = backOffsets[v + 1]!;
    while (i < iEnd || j < jEnd) {
      const x = i < iEnd ? first.values[i]! : Infinity;
      const y = j < jEnd ? back[j]! : Infinity;
      const next = Math.min(x, y);
      if (x === next) i++;
      if (y === next) j++;
      values[k++] = next;
    }
    offsets[v + 1] = k;
  }
  // A view, not a copy: the graph's largest array is not held twice (0.2 GB at a million accounts).
  return { offsets, values: values.subarray(0, k) };
}
