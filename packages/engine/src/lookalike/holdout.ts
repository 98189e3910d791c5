import { mix32 } from '@murmur/core/hash';

/** The held-out share of the seed on every build: a lookalike's recall is how much of it is found again. */
export const HOLDOUT_SHARE = 0.2;
/** Mixed into each member's sample key so that the hold-out is not the insights' hash sample. */
export const HOLDOUT_SALT = 0x2f6b_1d39;

/** A member's place in the hold-out order: a hash of its sample key (AccountColumns.sampleKey). */
export const holdOutRank = (sampleKey: number): number => mix32(sampleKey, HOLDOUT_SALT);

/**
 * Splits the seed's members (ascending) into the part the model is fitted on and the held-out part:
 * the round(HOLDOUT_SHARE × members) members of lowest holdOutRank of their sample keys, ties by
 * account number. The sample key is a hash of the account's X id, so every index that holds the same
 * accounts — one built from the export, a live one that numbered accounts born live in its own order,
 * the shards of either — holds out the same members and reports the same recall. Both parts come back
 * in increasing order.
 */
export function splitSeed(
  members: Uint32Array,
  sampleKey: (n: number) => number,
): { fit: Uint32Array; heldOut: Uint32Array } {
  const take = Math.round(members.length * HOLDOUT_SHARE);
  const ranks = members.map((n) => holdOutRank(sampleKey(n)));
  // The take-th lowest rank: below it, held out; at it, held out by account number until `take`.
  const cut = take === 0 ? -1 : ranks.slice().sort()[take - 1]!;
  const below = ranks.reduce((k, r) => k + (r < cut ? 1 : 0), 0);
  let atCut = take - below;
  const heldOut: number[] = [];
  const fit: number[] = [];
  members.forEach((n, i) => {
    const r = ranks[i]!;
    const held = r < cut || (r === cut && atCut > 0);
    if (r === cut && held) atCut--;
    (held ? heldOut : fit).push(n);
  });
  return { heldOut: Uint32Array.from(heldOut), fit: Uint32Array.from(fit) };
}
