import type { FastifyInstance } from 'fastify';
import { InvalidInput } from '../../ads/invalid-input';
import type { PromotedTweet } from '../../ads/types';
import { ownedAccount } from './auth';
import type { AdsContext } from './context';
import { page } from './envelope';
import { liveChildren, liveLineItemId, registerLineItemChildRoutes } from './line-item-children';
import { one } from './envelope';
import { iso, list, paramsOf, str } from './params';
import { combine, hashString } from '../../random/hash';
import { adPostsOf, type AdPost } from '../../ads/ad-posts';
import type { AdAccount } from '../../ads/types';
import { changePromotedStatus } from '../../ads/delivery/plan';
import { notFound } from './errors';
import { oneOf } from './params';

/** X takes up to 50 post ids per POST promoted_tweets. */
const MAX_TWEETS = 50;
/** X's limit for a post's text, and how many media a post carries. */
const MAX_TEXT = 280;
const MAX_MEDIA = 4;

const postWire = (account: AdAccount, post: AdPost, owner: string): object => ({
  id: post.id,
  id_str: post.id,
  tweet_id: post.id,
  full_text: post.text,
  text: post.text,
  nullcast: post.nullcast,
  media_keys: post.mediaKeys,
  card_uri: post.cardUri,
  account_id: account.id,
  user_id: owner,
  created_at: iso(post.createdAt),
});

const wire = (pt: PromotedTweet): object => ({
  id: pt.id,
  line_item_id: pt.lineItemId,
  tweet_id: pt.tweetId,
  entity_status: pt.entityStatus,
  approval_status: 'ACCEPTED',
  created_at: iso(pt.createdAt),
  updated_at: iso(pt.updatedAt),
  deleted: pt.deletedAt !== null,
});

export function registerPromotedTweetRoutes(app: FastifyInstance, ctx: AdsContext): void {
  const { store } = ctx.platform;
  const base = '/accounts/:account_id/promoted_tweets';
  registerLineItemChildRoutes(app, ctx, {
    base,
    table: store.promotedTweets,
    idParam: 'promoted_tweet_id',
    what: 'promoted tweet',
    lineItemsRequired: false,
    wire,
  });

  // Links posts to a line item; the line item serves them in rotation.
  app.post(base, (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const lineItemId = liveLineItemId(ctx, account, params);
    const tweetIds = list(params, 'tweet_ids', { required: true, max: MAX_TWEETS });
    const made = adPostsOf(ctx.platform.network);
    const missing = tweetIds.find((id) => !ctx.postExists(id) && made.get(id)?.accountId !== account.id);
    if (missing) throw new InvalidInput(`Post ${missing} does not exist`, 'tweet_ids');
    const linked = liveChildren(store.promotedTweets, account.id, lineItemId);
    const duplicate = tweetIds.find((id) => linked.some((pt) => pt.tweetId === id));
    if (duplicate)
      throw new InvalidInput(`Post ${duplicate} is already promoted by this line item`, 'tweet_ids');
    const now = ctx.platform.now();
    const created = [...new Set(tweetIds)].map((tweetId) =>
      store.promotedTweets.add({
        id: store.nextId('promoted_tweet'),
        accountId: account.id,
        lineItemId,
        tweetId,
        entityStatus: 'ACTIVE',
        createdAt: now,
        updatedAt: now,
        deletedAt: null,
      }),
    );
    store.touch();
    return page(request, created, wire, { defaultCount: MAX_TWEETS });
  });

  // Pauses or resumes one promoted post (X: PUT promoted_tweets/:id with entity_status).
  app.put(`${base}/:promoted_tweet_id`, (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const pt = store.promotedTweets.get(account.id, String(params.promoted_tweet_id));
    if (!pt || pt.deletedAt !== null) throw notFound('promoted tweet');
    const status = oneOf(params, 'entity_status', ['ACTIVE', 'PAUSED'] as const, { required: true })!;
    if (status !== pt.entityStatus) changePromotedStatus(pt, ctx.platform.now(), status);
    store.touch();
    return one(request, wire(pt));
  });

  // X Ads API v12 `GET accounts/:account_id/tweets`: the posts of the ad account's user, newest
  // first. Only published posts made through the Ads API are kept here (the network's own posts are
  // read through the X API v2), so DRAFT and SCHEDULED list nothing and ORGANIC the ones made with
  // nullcast=false; timeline_type defaults to NULLCAST as on X.
  app.get('/accounts/:account_id/tweets', (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const type = oneOf(params, 'tweet_type', ['DRAFT', 'PUBLISHED', 'SCHEDULED'] as const, {
      required: true,
    })!;
    const timeline = oneOf(params, 'timeline_type', ['ALL', 'NULLCAST', 'ORGANIC'] as const) ?? 'NULLCAST';
    const ids = list(params, 'tweet_ids', { max: 200 });
    const owner = ctx.platform.network.accounts.ids[account.owner]!.toString();
    const posts = [...adPostsOf(ctx.platform.network).values()]
      .filter(
        (p) =>
          type === 'PUBLISHED' &&
          p.accountId === account.id &&
          (timeline === 'ALL' || p.nullcast === (timeline === 'NULLCAST')) &&
          (ids.length === 0 || ids.includes(p.id)),
      )
      .sort((a, b) => b.createdAt - a.createdAt || (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
    return page(request, posts, (p) => postWire(account, p, owner));
  });

  // X Ads API v12 `POST accounts/:account_id/tweet`: a post of the ad account's user, promoted-only
  // by default (nullcast), with up to 4 media of the account's media library.
  app.post('/accounts/:account_id/tweet', (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const text = str(params, 'text', { required: true })!;
    if ([...text].length > MAX_TEXT)
      throw new InvalidInput(`text must be at most ${MAX_TEXT} characters`, 'text');
    const mediaKeys = list(params, 'media_keys', { max: MAX_MEDIA });
    const unknown = mediaKeys.find((key) => {
      const item = store.media.get(account.id, key);
      return !item || item.deleted;
    });
    if (unknown) throw new InvalidInput(`${unknown} is not in this ad account's media library`, 'media_keys');
    const owner = ctx.platform.network.accounts.ids[account.owner]!.toString();
    const asUser = str(params, 'as_user_id');
    if (asUser !== undefined && asUser !== owner)
      throw new InvalidInput("as_user_id must be the ad account's user", 'as_user_id');
    const nullcast = str(params, 'nullcast') !== 'false';
    const now = ctx.platform.now();
    const posts = adPostsOf(ctx.platform.network);
    const seq = store.nextId('tweet');
    const hi = combine(hashString(ctx.platform.network.config.seed), hashString(`ad-post:${seq}`));
    const id = (
      1_800_000_000_000_000_000n +
      BigInt(hi) * 1_000_000n +
      BigInt(posts.size % 1_000_000)
    ).toString();
    const post: AdPost = {
      id,
      accountId: account.id,
      author: account.owner,
      text,
      mediaKeys,
      cardUri: str(params, 'card_uri') ?? null,
      nullcast,
      createdAt: now,
    };
    posts.set(id, post);
    store.touch();
    return one(request, postWire(account, post, owner));
  });
}
