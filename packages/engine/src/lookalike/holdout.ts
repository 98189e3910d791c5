/** The held-out share of the seed on every build: a lookalike's recall is how much of it is found again. */
export const HOLDOUT_SHARE = 0.2;
/** The RNG's seed: the same seed audience is always split the same way, so builds are comparable. */
export const HOLDOUT_RNG_SEED = 36;

/** mulberry32: a small deterministic generator of numbers in [0, 1). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Splits the seed's members into the part the model is fitted on and the held-out part
 * (round(HOLDOUT_SHARE × members)), by a partial Fisher–Yates shuffle from HOLDOUT_RNG_SEED. Both
 * parts come back in increasing order.
 */
export function splitSeed(members: Uint32Array): { fit: Uint32Array; heldOut: Uint32Array } {
  const shuffled = members.slice();
  const take = Math.round(shuffled.length * HOLDOUT_SHARE);
  const next = random(HOLDOUT_RNG_SEED);
  for (let i = 0; i < take; i++) {
    const j = i + Math.floor(next() * (shuffled.length - i));
    const t = shuffled[i]!;
    shuffled[i] = shuffled[j]!;
    shuffled[j] = t;
  }
  return { heldOut: shuffled.slice(0, take).sort(), fit: shuffled.slice(take).sort() };
}
