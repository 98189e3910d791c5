/**
 * The `limit` members with the most followers inside the audience (ties: lower account number),
 * found with a histogram of counts rather than a sort: O(members + max count).
 */
export function selectCore(
  members: Uint32Array,
  inAudienceFollowers: Uint32Array,
  limit: number,
): Uint32Array {
  if (members.length <= limit) return members;
  let max = 0;
  for (const m of members) max = Math.max(max, inAudienceFollowers[m]!);
  const histogram = new Uint32Array(max + 1);
  for (const m of members) histogram[inAudienceFollowers[m]!]!++;
  let threshold = max;
  let above = 0;
  while (threshold > 0 && above + histogram[threshold]! < limit) above += histogram[threshold--]!;
  // Everyone above the threshold, then members at the threshold in account order.
  let atThreshold = limit - above;
  const core = new Uint32Array(limit);
  let k = 0;
  for (const m of members) {
    const c = inAudienceFollowers[m]!;
    if (c > threshold || (c === threshold && atThreshold-- > 0)) core[k++] = m;
  }
  return core.subarray(0, k);
}
