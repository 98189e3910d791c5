import { orderByKey } from '../../generate/account-ids';
import { isSpam } from '../../model/accounts';
import type { Network } from '../../network';

/**
 * Account look-ups the HTTP surfaces need, built once per network on first use: ids (account numbers
 * sorted by id; ids grow with creation time, so that order is the creation order) and handles
 * (sorted lower-case, so exact and prefix searches are binary searches).
 */
interface Lookup {
  /** Accounts when it was built: accounts born since make it stale. */
  count: number;
  byId: Uint32Array;
  handles: string[];
  byHandle: Uint32Array;
}

const lookups = new WeakMap<Network, Lookup>();

/**
 * Accounts born since the lookup was built join it in place: they are the newest (ids grow with
 * creation time, so they go at the end of `byId`) and their handles are inserted in order — a
 * re-sort of every handle per birth would stall a large network's API.
 */
function addBorn(net: Network, lookup: Lookup): void {
  const { count } = net.accounts;
  const byId = new Uint32Array(count);
  byId.set(lookup.byId);
  const byHandle = new Uint32Array(count);
  byHandle.set(lookup.byHandle);
  for (let u = lookup.count; u < count; u++) {
    byId[u] = u;
    const key = net.accounts.handles[u]!.toLowerCase();
    const at = lowerBound(lookup.handles, key);
    lookup.handles.splice(at, 0, key);
    byHandle.copyWithin(at + 1, at, u);
    byHandle[at] = u;
  }
  lookup.byId = byId;
  lookup.byHandle = byHandle;
  lookup.count = count;
}

function lookupOf(net: Network): Lookup {
  let lookup = lookups.get(net);
  if (lookup && lookup.count < net.accounts.count) addBorn(net, lookup);
  if (!lookup) {
    const { handles } = net.accounts;
    const lower = handles.map((h) => h.toLowerCase());
    const byHandle = Uint32Array.from(lower.keys()).sort((a, b) =>
      lower[a]! < lower[b]! ? -1 : lower[a]! > lower[b]! ? 1 : 0,
    );
    lookup = {
      count: net.accounts.count,
      byId: orderByKey(net.accounts.created),
      handles: Array.from(byHandle, (i) => lower[i]!),
      byHandle,
    };
    lookups.set(net, lookup);
  }
  return lookup;
}

/** The account number for an X-style id string, or -1. */
export function accountById(net: Network, id: string): number {
  if (!/^[0-9]{1,19}$/.test(id)) return -1;
  const wanted = BigInt(id);
  const { byId } = lookupOf(net);
  const ids = net.accounts.ids;
  let lo = 0;
  let hi = byId.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const value = ids[byId[mid]!]!;
    if (value === wanted) return byId[mid]!;
    if (value < wanted) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function lowerBound(sorted: string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The account with this handle (case-insensitive, with or without "@"), or -1. */
export function accountByHandle(net: Network, handle: string): number {
  const key = handle.replace(/^@/, '').toLowerCase();
  const { handles, byHandle } = lookupOf(net);
  const at = lowerBound(handles, key);
  return handles[at] === key ? byHandle[at]! : -1;
}

/** Up to `limit` accounts whose handle starts with `prefix`, in handle order. */
export function accountsByHandlePrefix(net: Network, prefix: string, limit: number): number[] {
  const key = prefix.trim().replace(/^@/, '').toLowerCase();
  if (!key) return [];
  const { handles, byHandle } = lookupOf(net);
  const out: number[] = [];
  for (let at = lowerBound(handles, key); at < handles.length && out.length < limit; at++) {
    if (!handles[at]!.startsWith(key)) break;
    out.push(byHandle[at]!);
  }
  return out;
}

/**
 * A fixed sample of real-looking accounts for the sign-in pages: the most followed non-spam accounts
 * and ordinary people spread over the population, so a developer can pick a star or a typical user.
 */
export function sampleAccounts(net: Network, count = 10): number[] {
  const n = net.accounts.count;
  const candidates: number[] = [];
  for (let i = 0; i < n; i++) if (!isSpam(net.accounts, i)) candidates.push(i);
  const stars = [...candidates]
    .sort((a, b) => net.graph.inDegree[b]! - net.graph.inDegree[a]! || a - b)
    .slice(0, Math.ceil(count / 2));
  const step = Math.max(1, Math.floor(candidates.length / (count - stars.length + 1)));
  const ordinary: number[] = [];
  for (let k = step; k < candidates.length && ordinary.length < count - stars.length; k += step) {
    const i = candidates[k]!;
    if (!stars.includes(i)) ordinary.push(i);
  }
  return [...stars, ...ordinary];
}
