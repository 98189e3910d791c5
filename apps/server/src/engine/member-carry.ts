import { randomUUID } from 'node:crypto';
import type { AccountSet, Audience, AudienceEngine } from '@murmur/engine';
import type { MemberList } from '../lib/member-ids';
import { memberIds, memberPairs } from './member-order';

// A history point's members (the `historyPoint` task, membership.service.ts): the full list of X ids
// read in order costs O(members) — at 400 000 members a list of 800 000 numbers made, encoded and
// diffed with the day before's. An audience's members change little from one day to the next, so
// this thread keeps each audience's last set as a bitset over the engine's account numbers (stable
// for the engine's life: a live index appends new accounts and never renumbers) under a token; the
// next point that names that token gets its change — who joined, who left — from the two bitsets,
// and the full list only when it asks for one (every FULL_EVERY points) or the change cannot be told.

/** A point's members as the task answers them. */
export type PointMembers =
  | { overCap: true; count: number }
  | {
      overCap: false;
      /** Distinct X ids counted (members without an X id are left out, as in the lists). */
      count: number;
      /** Names this set for the audience's next point (`MembersSince.token`). */
      token: string;
      /** The members' X ids in numeric order: unless only the change was asked for and told. */
      ids?: MemberList;
      /** Who joined and who left since the set of `since` (a token), both in numeric order. */
      change?: { since: string; joined: MemberList; left: MemberList };
    };

/** What the point before is known as (the token of its set) and whether the full list is wanted anyway. */
export interface MembersSince {
  token: string;
  full: boolean;
}

interface CarriedSet {
  engine: WeakRef<AudienceEngine>;
  token: string;
  bits: Uint32Array;
  used: number;
}

/** Bytes of member bitsets kept per thread: 256 MB, the sets of 2 000 audiences at a million accounts. */
export const MEMBER_CARRY_BYTES = 256 * 2 ** 20;

const carried = new Map<string, CarriedSet>();
let carriedBytes = 0;
let calls = 0;

/** How many points' members came from a carried set, and how many were listed in full (tests, benches). */
export const memberCarryStats = { changes: 0, full: 0 };

/** Forgets the set kept under `key`. */
function drop(key: string): void {
  const old = carried.get(key);
  if (!old) return;
  carried.delete(key);
  carriedBytes -= old.bits.byteLength;
}

function keep(key: string, entry: CarriedSet): void {
  drop(key);
  // As tally-carry.ts keeps its tallies: sets no call used for a whole round of the keys go first;
  // failing that, this one is not kept.
  for (const [k, e] of carried) {
    if (carriedBytes + entry.bits.byteLength <= MEMBER_CARRY_BYTES || e.used >= calls - carried.size) break;
    carried.delete(k);
    carriedBytes -= e.bits.byteLength;
  }
  if (carriedBytes + entry.bits.byteLength > MEMBER_CARRY_BYTES) return;
  carried.set(key, entry);
  carriedBytes += entry.bits.byteLength;
}

/** Every member is a present account (one with an X id: a removed account loses both at once). */
function allPresent(bits: Uint32Array, present: Uint32Array): boolean {
  for (let w = 0; w < bits.length; w++) if ((bits[w]! & ~(present[w] ?? 0)) !== 0) return false;
  return true;
}

/** The accounts in `now` and not in `before` (joined), and in `before` and not in `now` (left), ascending. */
function difference(now: Uint32Array, before: Uint32Array): { joined: Uint32Array; left: Uint32Array } {
  let joined = new Uint32Array(256);
  let left = new Uint32Array(256);
  let j = 0;
  let l = 0;
  const words = Math.max(now.length, before.length);
  for (let w = 0; w < words; w++) {
    const a = now[w] ?? 0;
    const b = before[w] ?? 0;
    if (a === b) continue;
    for (let word = a & ~b; word !== 0; word &= word - 1) {
      if (j === joined.length) joined = grow(joined);
      joined[j++] = (w << 5) + 31 - Math.clz32(word & -word);
    }
    for (let word = b & ~a; word !== 0; word &= word - 1) {
      if (l === left.length) left = grow(left);
      left[l++] = (w << 5) + 31 - Math.clz32(word & -word);
    }
  }
  return { joined: joined.subarray(0, j), left: left.subarray(0, l) };
}

function grow(a: Uint32Array): Uint32Array<ArrayBuffer> {
  const out = new Uint32Array(a.length * 2);
  out.set(a);
  return out;
}

const listOf = (engine: AudienceEngine, accounts: AccountSet | Uint32Array): MemberList =>
  memberPairs(engine, accounts) ?? memberIds(engine, accounts);

const countOf = (list: MemberList): number => (Array.isArray(list) ? list.length : list.length / 2);

/**
 * The members of `audience` for its point (`key`: the audience's), as their change since the set
 * named by `since` when this thread kept that set of this engine and every member then and now is a
 * present account, and as the full list when asked for, when the change cannot be told (no such set,
 * a member removed from the network since), or when the change is larger than the set. Above
 * `memberCap` members: their count alone (and no set kept).
 */
export function pointMembers(
  engine: AudienceEngine,
  audience: Audience,
  key: string,
  since: MembersSince | undefined,
  memberCap: number,
): PointMembers {
  calls++;
  const { accounts } = audience;
  if (audience.sampleCount > memberCap) {
    drop(key);
    return { overCap: true, count: audience.sampleCount };
  }
  const token = randomUUID();
  const present = engine.explore.everyone().bits;
  const whole = allPresent(accounts.bits, present);
  const before = key === '' ? undefined : since && carried.get(key);
  let change: { since: string; joined: MemberList; left: MemberList } | undefined;
  if (since && before && whole && before.token === since.token && before.engine.deref() === engine) {
    const { joined, left } = difference(accounts.bits, before.bits);
    // A member who left because the network lost the account has no X id to list any more.
    if (engine.explore.withoutRecord(left).length === 0) {
      change = { since: since.token, joined: listOf(engine, joined), left: listOf(engine, left) };
    }
  }
  const count = accounts.count;
  const full = !change || since?.full === true || countOf(change.joined) + countOf(change.left) > count;
  if (full) memberCarryStats.full++;
  else memberCarryStats.changes++;
  // Only a set of present accounts is kept: every member of it had an X id when it was listed.
  if (whole && key !== '') {
    // Into the set kept before when it is of the same length (its change is told): no new buffer.
    const old = carried.get(key)?.bits;
    const bits = old?.length === accounts.bits.length ? (old.set(accounts.bits), old) : accounts.bits.slice();
    keep(key, { engine: new WeakRef(engine), token, bits, used: calls });
  } else drop(key);
  const ids = full ? listOf(engine, accounts) : undefined;
  return {
    overCap: false,
    count: ids ? countOf(ids) : count,
    token,
    ...(ids && { ids }),
    ...(change && { change }),
  };
}
