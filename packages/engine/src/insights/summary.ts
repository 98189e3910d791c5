import { sizeBucketOf } from '../evaluate/size-bucket';
import type { SummaryPanel } from '@murmur/core/insights';
import type { InsightContext } from './context';
import { AccountFlag, type AudienceIndex } from '../postings/audience-index';
import { RowCursor } from '../postings/csr';
import { ROW_BLOCK, finish, inBlocks, type Steps } from '../util/steps';

/** Verified members and posts of members from … to − 1, added to `into`. */
function tallyMembers(
  index: AudienceIndex,
  rows: RowCursor,
  members: Uint32Array,
  into: { verified: number; posts: number },
): void {
  // Locals for the pass over every member: property chains read per member cost a lookup each.
  const { flags } = index.accounts;
  const bit = AccountFlag.verified;
  let verified = 0;
  let posts = 0;
  for (let i = 0; i < members.length; i++) {
    const m = members[i]!;
    verified += (flags[m]! & bit) === 0 ? 0 : 1;
    const { start, end } = rows.at(m);
    posts += end - start;
  }
  into.verified += verified;
  into.posts += posts;
}

/** The summary panel, a block of members at a time. */
export function* summarySteps(ctx: InsightContext): Steps<SummaryPanel> {
  const { index, members } = ctx;
  const populationEstimate = Math.round(members.length * index.scale);
  const rows = new RowCursor(index.postsByAuthor);
  const totals = { verified: 0, posts: 0 };
  yield* inBlocks(
    members.length,
    (from, to) => tallyMembers(index, rows, members.subarray(from, to), totals),
    ROW_BLOCK,
  );
  const { verified, posts } = totals;
  const followers = ctx.scratch.u32(ctx.analysed.length, false);
  for (let i = 0; i < followers.length; i++) followers[i] = index.accounts.followers[ctx.analysed[i]!]!;
  followers.sort();
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

export const summary = (ctx: InsightContext): SummaryPanel => finish(summarySteps(ctx));
