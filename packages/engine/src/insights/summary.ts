import { sizeBucketOf } from '../evaluate/size-bucket';
import type { SummaryPanel } from '@murmur/core/insights';
import type { InsightContext } from './context';
import { AccountFlag } from '../index/audience-index';

export function summary(ctx: InsightContext): SummaryPanel {
  const { index, members } = ctx;
  const populationEstimate = Math.round(members.length * index.scale);
  let verified = 0;
  let posts = 0;
  for (const m of members) {
    if (index.accounts.flags[m]! & AccountFlag.verified) verified++;
    posts += index.postsByAuthor.offsets[m + 1]! - index.postsByAuthor.offsets[m]!;
  }
  const followers = ctx.analysed.map((m) => index.accounts.followers[m]!).sort();
  return {
    sampleCount: members.length,
    populationEstimate,
    sizeBucket: sizeBucketOf(populationEstimate),
    reach: index.population > 0 ? members.length / index.population : 0,
    verifiedShare: members.length > 0 ? verified / members.length : 0,
    medianFollowers: followers.length > 0 ? followers[followers.length >>> 1]! : 0,
    posts,
  };
}
