import { liveLists } from '../../../history/live-lists';
import { postContent } from '../../../text/post-text';
import type { Shape } from '../fields';
import { latestPost, pinnedPost } from '../indexes';
import { listObject } from './list';
import { tweetObject } from './tweet';
import { userObject, type ViewContext } from './user';

type Body = { data: object[]; includes?: Record<string, object[]> };

const unique = (values: number[]): number[] => [...new Set(values.filter((v) => v >= 0))];

function withIncludes(
  data: object[],
  view: ViewContext,
  shape: Shape,
  users: number[],
  posts: number[],
): Body {
  const includes: Record<string, object[]> = {};
  const u = unique(users);
  const p = unique(posts);
  if (u.length > 0) includes.users = u.map((a) => userObject(view, a, shape));
  if (p.length > 0) includes[`${shape.dialect}s`] = p.map((post) => tweetObject(view, post, shape));
  return Object.keys(includes).length > 0 ? { data, includes } : { data };
}

/** Users with `includes` for the pinned_tweet_id / most_recent_tweet_id expansions. */
export function usersBody(view: ViewContext, accounts: number[], shape: Shape): Body {
  const x = shape.expansions;
  const posts = accounts.flatMap((a) => [
    x.has('pinned_tweet_id') || x.has('pinned_post_id') ? pinnedPost(view.net, a) : -1,
    x.has('most_recent_tweet_id') || x.has('most_recent_post_id') ? latestPost(view.net, a) : -1,
  ]);
  return withIncludes(
    accounts.map((a) => userObject(view, a, shape)),
    view,
    shape,
    [],
    posts,
  );
}

/** Posts with `includes` for author_id, mentions, reply targets and referenced posts. */
export function tweetsBody(view: ViewContext, posts: number[], shape: Shape): Body {
  const { net } = view;
  const x = shape.expansions;
  const users: number[] = [];
  const referenced: number[] = [];
  for (const p of posts) {
    const replyTo = net.posts.replyTo.get(p);
    if (x.has('author_id')) users.push(net.posts.author.get(p));
    if (x.has('entities.mentions.username')) users.push(...postContent(net, p).mentions);
    if (x.has('in_reply_to_user_id') && replyTo >= 0) users.push(net.posts.author.get(replyTo));
    if ((x.has('referenced_tweets.id') || x.has('referenced_posts')) && replyTo >= 0)
      referenced.push(replyTo);
    if (x.has('referenced_tweets.id.author_id') && replyTo >= 0) users.push(net.posts.author.get(replyTo));
  }
  return withIncludes(
    posts.map((p) => tweetObject(view, p, shape)),
    view,
    shape,
    users,
    referenced,
  );
}

/** Lists with `includes.users` for the owner_id expansion. */
export function listsBody(view: ViewContext, lists: number[], shape: Shape): Body {
  const owners = shape.expansions.has('owner_id') ? lists.map((l) => liveLists(view.net).get(l).owner) : [];
  return withIncludes(
    lists.map((l) => listObject(view.net, l, shape)),
    view,
    shape,
    owners,
    [],
  );
}
