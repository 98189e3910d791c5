// The lists a shard contributes to insights from its own accounts and posts: the posts and
// authors its graph sample engaged with, and a sample of its members.
import type { SampleAccount } from '@murmur/core/insights';
import type { AudienceIndex } from '../postings/audience-index';
import type { Csr } from '../postings/csr';
import { accountSummary } from '../insights/account-summary';
import { postSummary } from '../insights/post-summary';
import { describeSampleAccounts, lowestHashed } from '../insights/sample-accounts';
import { topK } from '../util/top-k';
import type { EngagedPart } from './insights-protocol';

/**
 * engagement.ts's `engaged` over this shard's posts (a live shard: those of the accounts it owns),
 * with the whole graph sample as the actors.
 */
export function engaged(
  index: AudienceIndex,
  byActor: Csr,
  graph: Uint32Array,
  limit: number,
  owns?: (n: number) => boolean,
): EngagedPart {
  const { offsets, data } = byActor;
  const { author } = index.posts;
  const counts = new Map<number, number>();
  for (const m of graph) {
    if (m + 1 >= offsets.length) continue;
    for (let e = offsets[m]!; e < offsets[m + 1]!; e++) counts.set(data[e]!, (counts.get(data[e]!) ?? 0) + 1);
  }
  const posts = [...counts.keys()].filter((p) => !owns || owns(author[p]!)).sort((a, b) => a - b);
  const byAuthor = new Map<number, { count: number; first: number }>();
  for (const p of posts) {
    const a = author[p]!;
    const known = byAuthor.get(a);
    if (known) known.count += counts.get(p)!;
    else byAuthor.set(a, { count: counts.get(p)!, first: p });
  }
  const authors = [...byAuthor.keys()];
  return {
    posts: topK(posts, (p) => counts.get(p)!, limit).map((p) => ({
      ...postSummary(index, p),
      byAudience: counts.get(p)!,
    })),
    accounts: topK(authors, (a) => byAuthor.get(a)!.count, limit).map((a) => ({
      ...accountSummary(index, a),
      byAudience: byAuthor.get(a)!.count,
      first: byAuthor.get(a)!.first,
    })),
  };
}

/** sample-accounts.ts's pick among this shard's members, `limit` of them. */
export function sampleAccounts(
  index: AudienceIndex,
  members: Uint32Array,
  limit: number,
  seed: number,
): SampleAccount[] {
  return describeSampleAccounts(index, lowestHashed(members, index.accounts.sampleKey, seed, limit));
}
