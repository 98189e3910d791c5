/**
 * The live path's one vocabulary (ARCHITECTURE "The live path"): what the collector makes of X's
 * streams (posts and likes firehoses, the Activity API, the users and posts compliance streams) and
 * what the engine and every shard replica apply. The collector translates X's payloads into these
 * events; nothing downstream of it reads an X shape.
 *
 * Ids are X's ids (strings of digits), never the engine's account numbers: each engine numbers the
 * accounts it holds itself. Every event carries `key`, unique per change in the world, so applying
 * an event twice changes nothing (a replay after a crash, X's backfill, a second collector).
 * `at` is when it happened on X, in milliseconds since the epoch.
 */

import { fnv1a } from '../hash';

/** What X's user object says of an account (user.fields the collector asks for). */
export interface LiveUser {
  id: string;
  handle: string;
  name: string;
  bio: string;
  /** Free text, as the user typed it. */
  location: string;
  /** ISO 8601. */
  created: string;
  protected: boolean;
  verified: boolean;
  /** X's public metrics. */
  followers: number;
  following: number;
  posts: number;
}

export interface LivePost {
  id: string;
  author: string;
  /** ISO 8601. */
  created: string;
  lang: string;
  text: string;
  /** Without '#', as X's entities give them. */
  hashtags: string[];
  /** Account ids mentioned. */
  mentions: string[];
  /** The post replied to, reposted or quoted, when it is one. */
  replyTo: string | null;
  repostOf: string | null;
  quoteOf: string | null;
}

interface Base<T extends string> {
  type: T;
  key: string;
  at: number;
}

/** A new account, or a profile change of a known one (the whole user object, as X sends it). */
export interface UserEvent extends Base<'user'> {
  user: LiveUser;
  /**
   * X said the account's place changed (the Activity API's `profile.update.geo`): its location is
   * resolved again even when no earlier event carried the text it replaced (an index built from an
   * export does not keep the export's location texts).
   */
  relocated?: true;
}
export interface PostEvent extends Base<'post'> {
  post: LivePost;
  /** The author's user object (X's `author_id` expansion), so a first post brings its account. */
  author?: LiveUser;
}
export interface LikeEvent extends Base<'like'> {
  user: string;
  post: string;
  /** The liked post's author. */
  author: string;
}
export interface FollowEvent extends Base<'follow' | 'unfollow'> {
  from: string;
  to: string;
}
export interface PostDeleteEvent extends Base<'post-delete'> {
  post: string;
  author: string;
}
/**
 * X's users compliance stream: an account that is deleted, suspended or made protected leaves every
 * posting, sample, panel and export (X's developer policy); `user-restore` (undelete, unsuspend,
 * unprotect) lets it back with what a later `user` event says.
 */
export interface UserComplianceEvent extends Base<
  'user-delete' | 'user-suspend' | 'user-protect' | 'user-restore'
> {
  user: string;
}

export type LiveEvent =
  UserEvent | PostEvent | LikeEvent | FollowEvent | PostDeleteEvent | UserComplianceEvent;
export type LiveEventType = LiveEvent['type'];

/**
 * The account whose data an event changes, which decides its partition: the author of a post, the
 * liker of a like, the follower of a follow (each follow is kept with its follower, as the shards
 * keep it), the account itself otherwise.
 */
export const ownerOf = (event: LiveEvent): string => {
  switch (event.type) {
    case 'user':
      return event.user.id;
    case 'post':
      return event.post.author;
    case 'like':
      return event.user;
    case 'follow':
    case 'unfollow':
      return event.from;
    case 'post-delete':
      return event.author;
    case 'user-delete':
    case 'user-suspend':
    case 'user-protect':
    case 'user-restore':
      return event.user;
  }
};

/**
 * The partition (0 … partitions−1) of an account id: FNV-1a of its decimal text. Stable across
 * processes and releases, so each account's events are always in the same partition and in order.
 */
export const partitionOf = (accountId: string, partitions: number): number => fnv1a(accountId) % partitions;

export { resolveLocationText, NO_LOCATION, type ResolvedLocation } from './location';
