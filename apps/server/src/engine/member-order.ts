import type { AccountSet, AudienceEngine } from '@murmur/engine';
import { byNumber, knownAscending, pairsOfIds, type IdPairs } from '../lib/member-ids';

/**
 * The accounts of an engine in the numeric order of their X ids (member-ids.ts `byNumber`), made
 * once per engine: `order` lists account numbers by id, `rank[n]` is account n's place in it
 * (UNRANKED: none, e.g. an account that joined the live index after the order was made).
 */
interface IdOrder {
  rank: Uint32Array;
  order: Uint32Array;
  /**
   * Each rank's id as IdPairs (member-ids.ts), hi −1 for an account without one; null when an id is
   * not a canonical decimal (then members are read as ids).
   */
  pairs: Float64Array | null;
  /** The bitmap over the ranks ranksOf marks (made at its first call; all zero between calls). */
  marks?: Uint32Array;
}

const UNRANKED = 0xffffffff;
/** Orders by engine (the engine a task is given is its thread's own, for the thread's life). */
const orders = new WeakMap<AudienceEngine, IdOrder>();

function orderOf(engine: AudienceEngine): IdOrder {
  const all = engine.explore.everyone().toArray();
  const ids = engine.explore.accountIds(all);
  const places = Array.from({ length: all.length }, (_, i) => i).sort((a, b) => byNumber(ids[a]!, ids[b]!));
  const rank = new Uint32Array(all.length > 0 ? all[all.length - 1]! + 1 : 0).fill(UNRANKED);
  const order = new Uint32Array(all.length);
  places.forEach((place, r) => {
    order[r] = all[place]!;
    rank[all[place]!] = r;
  });
  const present = places.map((place) => ids[place]!).filter((id) => id !== '');
  const numeric = pairsOfIds(present);
  let pairs: Float64Array | null = null;
  // Distinct ids only (two accounts of one id would shift the pairs): else members are read as ids.
  if (numeric && numeric.length === present.length * 2) {
    pairs = new Float64Array(all.length * 2);
    let k = 0;
    places.forEach((place, r) => {
      if (ids[place] === '') pairs![2 * r] = -1;
      else {
        pairs![2 * r] = numeric[k++]!;
        pairs![2 * r + 1] = numeric[k++]!;
      }
    });
  }
  return { rank, order, pairs };
}

/** The engine's id order, made on first use and kept for the engine. */
function knownOrder(engine: AudienceEngine): IdOrder {
  let known = orders.get(engine);
  if (!known) orders.set(engine, (known = orderOf(engine)));
  return known;
}

/**
 * The members' ranks in the id order, ascending (a bitmap over the ranks, read in order), and the
 * members newer than the order (no rank), as given.
 */
function ranksOf(known: IdOrder, members: ArrayLike<number>): { ranks: Uint32Array; newer: number[] } {
  const { rank, order } = known;
  // The order's bitmap over ranks, kept with it (all zero between calls: each word is cleared as read).
  const marks = (known.marks ??= new Uint32Array((order.length + 31) >>> 5));
  const newer: number[] = [];
  for (let i = 0; i < members.length; i++) {
    const n = members[i]!;
    const r = n < rank.length ? rank[n]! : UNRANKED;
    if (r === UNRANKED) newer.push(n);
    else marks[r >>> 5]! |= 1 << (r & 31);
  }
  const ranks = new Uint32Array(members.length - newer.length);
  let k = 0;
  for (let w = 0; w < marks.length; w++) {
    let word = marks[w]!;
    if (word === 0) continue;
    marks[w] = 0;
    while (word !== 0) {
      const bit = word & -word;
      ranks[k++] = (w << 5) + (31 - Math.clz32(bit));
      word ^= bit;
    }
  }
  return { ranks, newer };
}

/** The members' X ids the slow way: every id read, sorted, and made distinct. */
export function memberIdsSorted(engine: AudienceEngine, members: ArrayLike<number>): string[] {
  const ids = engine.explore
    .accountIds(members)
    .filter((id) => id !== '')
    .sort(byNumber);
  return knownAscending(ids.filter((id, i) => i === 0 || id !== ids[i - 1]));
}

/** Merges two lists in strictly ascending numeric order into one, each id once. */
function merge(a: readonly string[], b: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const c = i < a.length && j < b.length ? byNumber(a[i]!, b[j]!) : i < a.length ? -1 : 1;
    if (c <= 0) out.push(a[i++]!);
    else out.push(b[j++]!);
    if (c === 0) j++;
  }
  return out;
}

/**
 * An audience's members' X ids (accounts with none left out), distinct and in numeric order: the
 * history's membership (membership.service.ts). Equal to reading every member's id and sorting
 * (`memberIdsSorted`), without the sort: the members are taken in the engine's id order (a bitmap
 * over the ranks, read in order), and only the accounts newer than that order are sorted and
 * merged in. The ids read are checked to ascend; should they not (an engine whose accounts changed
 * ids), the sort gives the answer and the order is made again.
 */
export function memberIds(engine: AudienceEngine, accounts: AccountSet | Uint32Array): string[] {
  const members = accounts instanceof Uint32Array ? accounts : accounts.toArray();
  const known = knownOrder(engine);
  const { ranks: ranked, newer } = ranksOf(known, members);
  const { order } = known;
  // Each rank's account, in place.
  for (let i = 0; i < ranked.length; i++) ranked[i] = order[ranked[i]!]!;
  const ids = engine.explore.accountIds(ranked);
  const inOrder: string[] = [];
  let last = '';
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (id === '') continue;
    // Canonical decimals ascend by length, then as text (byNumber, one comparison of the two).
    if (inOrder.length > 0 && !(last.length < id.length || (last.length === id.length && last < id))) {
      orders.delete(engine);
      return memberIdsSorted(engine, members);
    }
    inOrder.push(id);
    last = id;
  }
  // Many members newer than the order: the next call makes it again, with them.
  if (newer.length > 1024 && newer.length * 8 > members.length) orders.delete(engine);
  // Ascending as checked: diffs and encodings of the list (member-ids.ts) do not check it again.
  return knownAscending(newer.length === 0 ? inOrder : merge(inOrder, memberIdsSorted(engine, newer)));
}

/** Merges two IdPairs lists into one, each id once. */
function mergePairs(a: IdPairs, b: IdPairs): IdPairs {
  const out = new Float64Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length || j < b.length) {
    const c = i >= a.length ? 1 : j >= b.length ? -1 : a[i]! - b[j]! || a[i + 1]! - b[j + 1]!;
    const from = c <= 0 ? a : b;
    const at = c <= 0 ? i : j;
    out[k++] = from[at]!;
    out[k++] = from[at + 1]!;
    if (c <= 0) i += 2;
    if (c >= 0) j += 2;
  }
  return out.slice(0, k);
}

/**
 * An audience's members as IdPairs (member-ids.ts): the same set as `memberIds`, without a string
 * an id where the engine's id order has them (each rank's pair made with the order): the members'
 * ranks read in order, those whose account has no id now (removed since) left out, the accounts
 * newer than the order read as ids and merged in. Null when the engine's ids are not all numeric.
 */
export function memberPairs(engine: AudienceEngine, accounts: AccountSet | Uint32Array): IdPairs | null {
  const members = accounts instanceof Uint32Array ? accounts : accounts.toArray();
  const known = knownOrder(engine);
  const { order, pairs } = known;
  if (!pairs) return null;
  const { ranks, newer } = ranksOf(known, members);
  const ranked = new Uint32Array(ranks.length);
  for (let i = 0; i < ranks.length; i++) ranked[i] = order[ranks[i]!]!;
  // An account removed since the order was made has no record now (accountIds would read ''): left
  // out, as memberIds leaves it; an account keeps its X id, so the others' pairs are the order's.
  const gone = engine.explore.withoutRecord(ranked);
  const out = new Float64Array(ranked.length * 2);
  let m = 0;
  let g = 0;
  for (let i = 0; i < ranked.length; i++) {
    if (g < gone.length && gone[g] === i) {
      g++;
      continue;
    }
    const r = ranks[i]!;
    if (pairs[2 * r]! < 0) continue;
    out[m++] = pairs[2 * r]!;
    out[m++] = pairs[2 * r + 1]!;
  }
  const inOrder = m === out.length ? out : out.slice(0, m);
  // Many members newer than the order: the next call makes it again, with them.
  if (newer.length > 1024 && newer.length * 8 > members.length) orders.delete(engine);
  if (newer.length === 0) return inOrder;
  const newIds = pairsOfIds(memberIdsSorted(engine, newer));
  return newIds ? mergePairs(inOrder, newIds) : null;
}
