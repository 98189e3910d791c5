/**
 * The `limit` members with the most followers inside the audience (ties: lower account number),
 * found with a histogram of counts rather than a sort: O(members + max count). Indexed loops over
 * the typed arrays: at millions of members each pass is one of the few that reads every member.
 */
export function selectCore(
  members: Uint32Array,
  inAudienceFollowers: Uint32Array,
  limit: number,
): Uint32Array {
  if (members.length <= limit) return members;
  const n = members.length;
  let max = 0;
  for (let i = 0; i < n; i++) {
    const c = inAudienceFollowers[members[i]!]!;
    if (c > max) max = c;
  }
  const histogram = new Uint32Array(max + 1);
  for (let i = 0; i < n; i++) histogram[inAudienceFollowers[members[i]!]!]!++;
  let threshold = max;
  let above = 0;
  while (threshold > 0 && above + histogram[threshold]! < limit) above += histogram[threshold--]!;
  // Everyone above the threshold, then members at the threshold in account order.
  let atThreshold = limit - above;
  const core = new Uint32Array(limit);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const m = members[i]!;
    const c = inAudienceFollowers[m]!;
    if (c > threshold || (c === threshold && atThreshold-- > 0)) core[k++] = m;
  }
  return core.subarray(0, k);
}
