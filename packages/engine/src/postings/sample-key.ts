import { fnv1a, mix32 } from '@murmur/core/hash';
import type { StringSource } from '../util/string-column';

// Each account's sample key (AccountColumns.sampleKey): what the insights' hash samples test
// (insights/context.ts `samples`, shard/shard-session.ts `sampleOf`) in place of the account
// number. Account numbers depend on how an index was made — an index built from the export numbers
// accounts as the export does, a live index numbers those born live in the order it applied their
// events — while an account's X id does not, so two indexes holding the same accounts sample the
// same members. Kept as a column (computed where an account gets its X id) so that the sample pass,
// which reads every member of the audience, reads one number per member and never a string.

/** The sample key of an account with X id `id` (a 32-bit hash of the id). */
export const sampleKeyOfId = (id: string): number => mix32(fnv1a(id));

/**
 * The sample key of account `n` with X id `id`. An account without a record (slot 0), or a record
 * without an id, has no X id: its key is its number — deterministic, and the samples' hash of
 * such an account is what it was before keys were X ids. A live index gives it back the same way
 * when the account is deleted or suspended.
 */
export const sampleKeyOf = (n: number, id: string): number => (id === '' ? n : sampleKeyOfId(id));

/**
 * The sample keys of accounts 0 … size − 1 from their slots and X ids (AccountColumns.slot, ids):
 * for an index whose keys were not kept (a snapshot written before they were).
 */
export function sampleKeysOf(
  size: number,
  slot: ArrayLike<number>,
  ids: StringSource,
  into: Uint32Array = new Uint32Array(size),
): Uint32Array {
  for (let n = 0; n < size; n++) {
    const s = slot[n] ?? 0;
    into[n] = s === 0 ? n : sampleKeyOf(n, ids.get(s - 1));
  }
  return into;
}

/**
 * `keys` lengthened to `length` (unchanged when long enough), the accounts added keyed by their
 * numbers: they have no record yet.
 */
export function grownSampleKeys(keys: Uint32Array, length: number): Uint32Array {
  if (keys.length >= length) return keys;
  const out = new Uint32Array(length);
  out.set(keys);
  for (let n = keys.length; n < length; n++) out[n] = n;
  return out;
}
