import { popcount32 } from '../../bits/bitset';
import { finish, inBlocks, type Steps } from '../../util/steps';
import type { InsightContext } from '../context';
import { followTally, type FollowTally } from '../counts';
import { communityCoreSteps, type CommunityCore } from './core';

/**
 * Labels graph sample members from … to − 1 (see assignCommunities). `tally` and `touched` are
 * scratch, left zeroed. (A function of its own: the hot loop reads locals, not the memoised objects.)
 */
function label(
  core: CommunityCore,
  { follows, starts }: FollowTally,
  sample: Uint32Array,
  out: Int32Array,
  scratch: { tally: Uint32Array; touched: Uint32Array },
  from: number,
  to: number,
): void {
  const { inCore, rank, community } = core;
  const { tally, touched } = scratch;
  for (let i = from; i < to; i++) {
    const m = sample[i]!;
    const own = inCore[m >>> 5]!;
    if (((own >>> (m & 31)) & 1) === 1) {
      out[i] = community[rank[m >>> 5]! + popcount32(own & ((1 << (m & 31)) - 1))]!;
      continue;
    }
    let seen = 0;
    for (let e = starts[i]!, end = starts[i + 1]!; e < end; e++) {
      const v = follows[e]!;
      const word = inCore[v >>> 5]!;
      if (((word >>> (v & 31)) & 1) === 0) continue;
      const c = community[rank[v >>> 5]! + popcount32(word & ((1 << (v & 31)) - 1))]!;
      if (tally[c] === 0) touched[seen++] = c;
      tally[c]!++;
    }
    let best = -1;
    for (let t = 0; t < seen; t++) {
      const c = touched[t]!;
      if (best < 0 || tally[c]! > tally[best]! || (tally[c] === tally[best] && c < best)) best = c;
    }
    for (let t = 0; t < seen; t++) tally[touched[t]!] = 0;
    out[i] = best;
  }
}

/** assignCommunities in blocks of the graph sample. */
export const assignSteps = (ctx: InsightContext): Steps<Int32Array> =>
  ctx.memoSteps('assigned', function* () {
    const core = yield* communityCoreSteps(ctx);
    // The sample's follows as the follow tally copied them: contiguous, in sample order.
    const tally = followTally(ctx);
    const sample = ctx.graphSample;
    const scratch = { tally: new Uint32Array(core.count), touched: new Uint32Array(core.count) };
    const out = new Int32Array(sample.length).fill(-1);
    yield* inBlocks(sample.length, (from, to) => label(core, tally, sample, out, scratch, from, to));
    return out;
  });

/**
 * Community of every member of the graph sample: its Louvain community if it is in the core, else the
 * community most of its core followees belong to (ties: the lower id), -1 if it follows no one in
 * the core. One step of label propagation: what the members outside the core are drawn to.
 */
export const assignCommunities = (ctx: InsightContext): Int32Array => finish(assignSteps(ctx));
