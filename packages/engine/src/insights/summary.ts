import { sizeBucketOf } from '../evaluate/size-bucket';
import type { SummaryPanel } from '@murmur/core/insights';
import type { InsightContext } from './context';
import { AccountFlag } from '../postings/audience-index';
import { RowCursor } from '../postings/csr';

export function summary(ctx: InsightContext): SummaryPanel {
  const { index, members } = ctx;
  const populationEstimate = Math.round(members.length * index.scale);
  // Locals for the pass over every member: property chains read per member cost a lookup each.
  const { flags } = index.accounts;
  const rows = new RowCursor(index.postsByAuthor);
  const bit = AccountFlag.verified;
  let verified = 0;
  let posts = 0;
  for (let i = 0; i < members.length; i++) {
    const m = members[i]!;
    verified += (flags[m]! & bit) === 0 ? 0 : 1;
    const { start, end } = rows.at(m);
    posts += end - start;
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
