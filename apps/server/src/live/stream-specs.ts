// The X streams a deployment's collector holds (collector.ts): which ones, how many partitions of
// each, and the fields asked of X so that translate.ts finds what it reads.
import type { XStreamKind } from './translate';

/** One stream connection: X's path below the v2 base, its query, and the translation to apply. */
export interface StreamSpec {
  kind: XStreamKind;
  path: string;
  /** X's partition (1-based) for the partitioned streams. */
  partition?: number;
  query: Record<string, string>;
}

const USER_FIELDS = 'created_at,description,location,protected,public_metrics,verified';
const POST_FIELDS = 'author_id,created_at,entities,lang,referenced_tweets,in_reply_to_user_id';

/** X's partition counts by the document: the firehoses up to 20, the compliance streams up to 4. */
const MAX_COMPLIANCE_PARTITIONS = 4;

/**
 * The connections for a deployment. The posts and likes firehoses (1 … `xPartitions`) and both
 * compliance streams (1 … min(`xPartitions`, 4)) are partitioned by X, `partition` required; the
 * Activity API stream is one connection. The posts firehose expands its author (`author_id`) so a
 * first post brings its account; the likes firehose asks for no author expansion, so the one user
 * object of a like line is its liker (translate.ts).
 */
export function streamSpecs(xPartitions: number): StreamSpec[] {
  const partitioned = (
    kind: XStreamKind,
    path: string,
    count: number,
    query: Record<string, string>,
  ): StreamSpec[] =>
    Array.from({ length: count }, (_, i) => ({
      kind,
      path,
      partition: i + 1,
      query: { ...query, partition: String(i + 1) },
    }));
  const compliance = Math.min(xPartitions, MAX_COMPLIANCE_PARTITIONS);
  return [
    ...partitioned('posts', 'tweets/firehose/stream', xPartitions, {
      'tweet.fields': POST_FIELDS,
      expansions: 'author_id',
      'user.fields': USER_FIELDS,
    }),
    ...partitioned('likes', 'likes/firehose/stream', xPartitions, {
      'like_with_tweet_author.fields': 'created_at,id,liked_tweet_id,liked_tweet_author_id,timestamp_ms',
      'user.fields': USER_FIELDS,
    }),
    { kind: 'activity', path: 'activity/stream', query: {} },
    ...partitioned('users-compliance', 'users/compliance/stream', compliance, {}),
    ...partitioned('posts-compliance', 'tweets/compliance/stream', compliance, {}),
  ];
}
