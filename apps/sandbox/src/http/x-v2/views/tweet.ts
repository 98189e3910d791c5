import { PLATFORMS } from '@murmur/core/x-catalogue';
import { LANGUAGE_CODES } from '@murmur/core/x-catalogue';
import { postId } from '../../../model/posts';
import type { Network } from '../../../network';
import { postContent } from '../../../text/post-text';
import type { Shape } from '../fields';
import { isoMillis, textEntities } from './entities';
import type { ViewContext } from './user';

/** The app a post was sent from follows the author's main device, as X's `source` did. */
const SOURCES: Readonly<Record<string, string>> = {
  ios: 'Twitter for iPhone',
  android: 'Twitter for Android',
  'mobile-web': 'Twitter Web App',
  desktop: 'Twitter Web App',
};

/** The first post of the reply chain `p` belongs to (X's conversation_id). */
export function conversationRoot(net: Network, p: number): number {
  let root = p;
  for (let guard = 0; guard < 1000 && net.posts.replyTo.get(root) >= 0; guard++)
    root = net.posts.replyTo.get(root);
  return root;
}

/** Views and bookmarks are not simulated; these estimates scale with the engagement X would see. */
function publicMetrics(net: Network, p: number, shape: Shape): Record<string, number> {
  const { likes, reposts, replies } = net.posts;
  const [l, r, c] = [likes.get(p), reposts.get(p), replies.get(p)];
  return {
    [shape.dialect === 'post' ? 'repost_count' : 'retweet_count']: r,
    reply_count: c,
    like_count: l,
    quote_count: 0,
    bookmark_count: Math.floor(l / 25),
    impression_count: 35 * l + 110 * r + 60 * c + 12 + (net.posts.seed.get(p) % 40),
  };
}

/** A post object with X's default fields (id, text, edit history) plus the requested ones. */
export function tweetObject(view: ViewContext, p: number, shape: Shape): Record<string, unknown> {
  const { net } = view;
  const posts = net.posts;
  const id = postId(posts, p);
  const text = postContent(net, p).text;
  const author = posts.author.get(p);
  const replyTo = posts.replyTo.get(p);
  const tweet: Record<string, unknown> = { id, text, [`edit_history_${shape.dialect}_ids`]: [id] };
  const fields = shape.tweet;
  const has = (...names: string[]): boolean => names.some((n) => fields.has(n) || shape.expansions.has(n));
  if (has('author_id')) tweet.author_id = net.accounts.ids[author]!.toString();
  if (fields.has('created_at')) tweet.created_at = isoMillis(posts.time.get(p), posts.millis.get(p));
  if (fields.has('lang')) tweet.lang = LANGUAGE_CODES[net.accounts.language[author]!];
  if (fields.has('conversation_id')) tweet.conversation_id = postId(posts, conversationRoot(net, p));
  if (replyTo >= 0 && has('in_reply_to_user_id'))
    tweet.in_reply_to_user_id = net.accounts.ids[posts.author.get(replyTo)]!.toString();
  if (
    replyTo >= 0 &&
    has('referenced_tweets', 'referenced_posts', 'referenced_tweets.id', 'referenced_tweets.id.author_id')
  )
    tweet[`referenced_${shape.dialect}s`] = [{ type: 'replied_to', id: postId(posts, replyTo) }];
  if (has('entities', 'entities.mentions.username')) tweet.entities = textEntities(net, text);
  if (fields.has('public_metrics')) tweet.public_metrics = publicMetrics(net, p, shape);
  if (fields.has('possibly_sensitive')) tweet.possibly_sensitive = false;
  if (fields.has('reply_settings')) tweet.reply_settings = 'everyone';
  if (fields.has('source'))
    tweet.source = SOURCES[PLATFORMS[net.accounts.platform[author]!]!.key] ?? 'Twitter Web App';
  if (fields.has('display_text_range')) tweet.display_text_range = [0, [...text].length];
  if (fields.has('edit_controls'))
    tweet.edit_controls = {
      edits_remaining: 5,
      is_edit_eligible: false,
      editable_until: isoMillis(posts.time.get(p) + 3600, posts.millis.get(p)),
    };
  return tweet;
}
