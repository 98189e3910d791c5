import type { AccountSet } from '../bits/account-set';
import type { AudienceIndex } from '../postings/audience-index';
import { InsightContext, type InsightsOptions } from './context';
import {
  categoricalCountSteps,
  categoricalCounts,
  followTally,
  followTallySteps,
  postCountSteps,
  postCounts,
  profileCountSteps,
  profileCounts,
} from './counts';
import { networkBaseline, type InsightBaseline, type ReferenceCounts } from './reference';

/** Position of `n` in the ascending `sorted`, or -1. */
function find(sorted: Uint32Array, n: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid]!;
    if (v === n) return mid;
    if (v < n) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Counts per term over `base` accounts, sampled when the base is smaller than the whole set. */
const termCounts = (counts: Uint32Array, base: number, members: number): ReferenceCounts => ({
  count: (t) => counts[t]!,
  base,
  sampled: base < members,
});

/**
 * A chosen account set (a country, another audience) as the baseline. It is counted exactly as an
 * audience is, with the same options: single-valued fields over every account, term rows over a
 * uniform sample of `sampleSize`, follows over one of `graphSampleSize` (the same hash, so a
 * baseline equal to the audience samples the same accounts and every affinity is exactly 1).
 */
export function setBaseline(
  index: AudienceIndex,
  set: AccountSet,
  options: InsightsOptions = {},
): InsightBaseline {
  const ctx = new InsightContext(index, set, options);
  const size = ctx.members.length;
  return {
    network: false,
    size,
    members: () => ctx.memo('ref:members', () => termCounts(categoricalCounts(ctx), size, size)),
    profile: () => ctx.memo('ref:profile', () => termCounts(profileCounts(ctx), ctx.analysed.length, size)),
    posts: () => ctx.memo('ref:posts', () => termCounts(postCounts(ctx), ctx.analysed.length, size)),
    followers: () =>
      ctx.memo('ref:followers', (): ReferenceCounts => {
        const { followed, counts } = followTally(ctx);
        return {
          count: (n) => {
            const at = find(followed, n);
            return at < 0 ? 0 : counts[at]!;
          },
          base: ctx.graphSample.length,
          sampled: ctx.graphSample.length < size,
        };
      }),
    *prepare() {
      yield* categoricalCountSteps(ctx);
      yield* profileCountSteps(ctx);
      yield* postCountSteps(ctx);
      yield* followTallySteps(ctx);
    },
  };
}

/** The baseline of an insights run: the whole network unless an account set is given. */
export const baselineOf = (
  index: AudienceIndex,
  set: AccountSet | undefined,
  options: InsightsOptions = {},
): InsightBaseline => (set === undefined ? networkBaseline(index) : setBaseline(index, set, options));
