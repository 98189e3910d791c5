import { REGIONS } from '@murmur/core/x-catalogue';
import { AccountKind, type AccountTable } from '../model/accounts';
import { AliasTable } from '../random/alias';
import type { PostingGroup } from './state';

/** Groups posting accounts by their region's UTC offset, weighted by posts per day. */
export function buildPostingGroups(a: AccountTable): PostingGroup[] {
  const byOffset = new Map<number, number[]>();
  for (let i = 0; i < a.count; i++) {
    if (a.kind[i] === AccountKind.spam || a.activity[i]! <= 0) continue;
    const offset = REGIONS[a.region[i]!]!.utcOffset;
    let members = byOffset.get(offset);
    if (!members) byOffset.set(offset, (members = []));
    members.push(i);
  }
  return [...byOffset.entries()]
    .sort(([x], [y]) => x - y)
    .map(([utcOffset, members]) => {
      const weights = members.map((i) => a.activity[i]!);
      return {
        utcOffset,
        activity: weights.reduce((s, w) => s + w, 0),
        authors: new AliasTable(weights, Uint32Array.from(members)),
      };
    });
}
