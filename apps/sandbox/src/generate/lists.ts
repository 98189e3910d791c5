import { INTERESTS } from '@murmur/core/x-catalogue';
import { AccountKind, type AccountTable } from '../model/accounts';
import { CsrBuilder } from '../model/csr';
import type { FollowGraph } from '../model/follow-graph';
import type { ListTable } from '../model/lists';
import { logNormal } from '../random/distributions';
import type { Rng } from '../random/prng';
import type { FollowSamplers } from './follow-samplers';
import { INTEREST_CATEGORY_KEYS } from '@murmur/core/x-catalogue';

function categoriesOf(a: AccountTable, i: number): number[] {
  const out: number[] = [];
  for (let k = a.interests.offsets[i]!; k < a.interests.offsets[i + 1]!; k++) {
    const c = INTERESTS[a.interests.values[k]!]!.category;
    if (!out.includes(c)) out.push(c);
  }
  return out;
}

/**
 * X lists: a few percent of people (and many creators) curate lists about one of their interests,
 * filled first with accounts they follow that share it, then with other accounts of that interest.
 */
export function generateLists(
  a: AccountTable,
  graph: FollowGraph,
  s: FollowSamplers,
  rng: Rng,
  start: number,
): ListTable {
  const owner: number[] = [];
  const created: number[] = [];
  const category: number[] = [];
  const seed: number[] = [];
  const isPrivate: number[] = [];
  const members = new CsrBuilder();
  for (let u = 0; u < a.count; u++) {
    const kind = a.kind[u];
    if (kind === AccountKind.spam || !rng.chance(kind === AccountKind.person ? 0.03 : 0.2)) continue;
    const lists = rng.chance(0.7) ? 1 : rng.range(2, 3);
    const mine = categoriesOf(a, u);
    const following = graph.following(u);
    for (let l = 0; l < lists; l++) {
      const c = rng.pick(mine);
      const size = Math.min(500, Math.max(3, Math.round(logNormal(rng, 18, 0.9))));
      const chosen = new Set<number>();
      for (const v of following) if (chosen.size < size && categoriesOf(a, v).includes(c)) chosen.add(v);
      // Accounts sharing the interest and the owner's language first; small pools (a rare interest in
      // a small language) are topped up from the owner's community and then from anyone.
      const pools = [
        s.interest[a.language[u]! * INTEREST_CATEGORY_KEYS.length + c],
        s.community[a.community[u]!],
        s.global,
      ];
      for (const pool of pools) {
        for (let attempt = 0; pool && chosen.size < size && attempt < size * 3; attempt++) {
          const v = pool.sample(rng);
          if (v !== u) chosen.add(v);
        }
      }
      owner.push(u);
      created.push(a.created[u]! + Math.floor(rng.float() * Math.max(0, start - a.created[u]!)));
      category.push(c);
      seed.push(rng.next());
      isPrivate.push(rng.chance(0.15) ? 1 : 0);
      members.addRow([...chosen].sort((x, y) => x - y));
    }
  }
  return {
    count: owner.length,
    owner: Uint32Array.from(owner),
    created: Uint32Array.from(created),
    category: Uint8Array.from(category),
    seed: Uint32Array.from(seed),
    private: Uint8Array.from(isPrivate),
    members: members.build32(),
  };
}
