/**
 * Posts with any engagement, most engaged first (ties: lower post number first). Sorting packed
 * Float64 keys with the native typed-array sort avoids a comparator call per comparison.
 */
export function engagementOrder(likes: Uint32Array, reposts: Uint32Array, replies: Uint32Array): Uint32Array {
  const posts = likes.length;
  let shift = 1;
  while (shift <= posts) shift *= 2;
  const cap = Math.floor(2 ** 52 / shift);
  const keys: number[] = [];
  for (let p = 0; p < posts; p++) {
    const e = likes[p]! + reposts[p]! + replies[p]!;
    if (e > 0) keys.push(Math.min(e, cap) * shift + (shift - 1 - p));
  }
  const sorted = Float64Array.from(keys).sort();
  const order = new Uint32Array(sorted.length);
  for (let i = 0; i < sorted.length; i++) order[i] = shift - 1 - (sorted[sorted.length - 1 - i]! % shift);
  return order;
}
