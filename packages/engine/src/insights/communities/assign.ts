import { popcount32 } from '../../bits/bitset';
import type { InsightContext } from '../context';
import { followTally } from '../counts';
import { communityCore } from './core';

/**
 * Community of every member of the graph sample: its Louvain community if it is in the core, else the
 * community most of its core followees belong to (ties: the lower id), -1 if it follows no one in
 * the core. One step of label propagation: what the members outside the core are drawn to.
 */
export const assignCommunities = (ctx: InsightContext): Int32Array =>
  ctx.memo('assigned', () => {
    const core = communityCore(ctx);
    // Locals for the hot loop: a field read on the memoised object per follow costs a lookup each.
    const { inCore, rank, community } = core;
    // The sample's follows as the follow tally copied them: contiguous, in sample order.
    const { follows, starts } = followTally(ctx);
    const sample = ctx.graphSample;
    const tally = new Uint32Array(core.count);
    const touched = new Uint32Array(core.count);
    const label = new Int32Array(sample.length).fill(-1);
    for (let i = 0; i < sample.length; i++) {
      const m = sample[i]!;
      const own = inCore[m >>> 5]!;
      if (((own >>> (m & 31)) & 1) === 1) {
        label[i] = community[rank[m >>> 5]! + popcount32(own & ((1 << (m & 31)) - 1))]!;
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
      label[i] = best;
    }
    return label;
  });
