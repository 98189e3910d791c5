import type { DtJob, DtPost, DtUser, XAccount, XList } from '@murmur/core/api';
import type { DtAccountRow, DtJobRow, DtListRow, DtPostRow, DtUserRow } from './deepthought.repository';

// Rows of the synced copy as the API shows them (@murmur/core/api deepthought schemas).

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export const presentUser = (row: DtUserRow): DtUser => ({
  id: row.xUserId,
  username: row.username,
  name: row.name,
  description: row.description,
  location: row.location,
  profile_image_url: row.profileImageUrl,
  verified: row.verified,
  protected: row.protected,
  created_at: iso(row.createdAt),
  followers_count: row.followersCount,
  following_count: row.followingCount,
  tweet_count: row.tweetCount,
  spam_score: row.spamScore,
  spam_reasons: row.spamReasons,
});

export const presentPost = (row: DtPostRow): DtPost => ({
  id: row.postId,
  text: row.text,
  created_at: row.createdAt.toISOString(),
  like_count: row.likeCount,
  retweet_count: row.retweetCount,
  reply_count: row.replyCount,
  quote_count: row.quoteCount,
  impression_count: row.impressionCount,
});

export const presentJob = (row: DtJobRow): DtJob => ({
  id: row.id,
  kind: row.kind as DtJob['kind'],
  state: row.state as DtJob['state'],
  stage: row.stage,
  done: row.done,
  total: row.total,
  failed: row.failed,
  wait_until: iso(row.waitUntil),
  error: row.error,
  created: row.created.toISOString(),
  updated: row.updated.toISOString(),
});

export const presentAccount = (row: DtAccountRow, selected: boolean): XAccount => ({
  id: row.id,
  x_user_id: row.xUserId,
  username: row.username,
  name: row.name,
  selected,
  synced_at: iso(row.syncedAt),
});

export const presentList = (row: { list: DtListRow; members: number }): XList => ({
  id: row.list.id,
  x_list_id: row.list.xListId,
  name: row.list.name,
  description: row.list.description,
  private: row.list.private,
  member_count: row.members,
  created: row.list.created.toISOString(),
});
