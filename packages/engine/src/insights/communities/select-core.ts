/**
 * The `limit` members with the most followers inside the audience (ties: lower account number),
 * found with a histogram of counts rather than a sort: O(members + max count). `members` ascend,
 * and `inAudienceFollowers[i]` is members[i]'s count.
 */
export function selectCoreOf(
  members: Uint32Array,
  inAudienceFollowers: Uint32Array,
  limit: number,
): Uint32Array {
  if (members.length <= limit) return members;
  const n = members.length;
  let max = 0;
  for (let i = 0; i < n; i++) {
    const c = inAudienceFollowers[i]!;
    if (c > max) max = c;
  }
  const histogram = new Uint32Array(max + 1);
  for (let i = 0; i < n; i++) histogram[inAudienceFollowers[i]!]!++;
  let threshold = max;
  let above = 0;
  while (threshold > 0 && above + histogram[threshold]! < limit) above += histogram[threshold--]!;
  // Everyone above the threshold, then members at the threshold in account order.
  let atThreshold = limit - above;
  const core = new Uint32Array(limit);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const c = inAudienceFollowers[i]!;
    if (c > threshold || (c === threshold && atThreshold-- > 0)) core[k++] = members[i]!;
  }
  return core.subarray(0, k);
}

/** selectCoreOf with the counts indexed by account number (an array over every account). */
export function selectCore(
  members: Uint32Array,
  inAudienceFollowers: Uint32Array,
  limit: number,
): Uint32Array {
  if (members.length <= limit) return members;
  const counts = new Uint32Array(members.length);
  for (let i = 0; i < members.length; i++) counts[i] = inAudienceFollowers[members[i]!]!;
  return selectCoreOf(members, counts, limit);
}
