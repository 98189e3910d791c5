import type { FastifyInstance } from 'fastify';
import { InvalidInput } from '../../ads/invalid-input';
import { current } from '../../ads/revisions';
import type { PromotedTweet } from '../../ads/types';
import { ownedAccount } from './auth';
import type { AdsContext } from './context';
import { notFound } from './errors';
import { one, page } from './envelope';
import { bool, iso, list, paramsOf, str } from './params';

/** X takes up to 50 post ids per POST promoted_tweets. */
const MAX_TWEETS = 50;

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

  app.get(base, (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const lineItems = list(params, 'line_item_ids', { max: 200 });
    const ids = list(params, 'promoted_tweet_ids', { max: 200 });
    const withDeleted = bool(params, 'with_deleted', false);
    const items = store.promotedTweets
      .list(account.id)
      .filter(
        (pt) =>
          (withDeleted || pt.deletedAt === null) &&
          (lineItems.length === 0 || lineItems.includes(pt.lineItemId)) &&
          (ids.length === 0 || ids.includes(pt.id)),
      );
    return page(request, items, wire);
  });

  app.get(`${base}/:promoted_tweet_id`, (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const pt = store.promotedTweets.get(account.id, String(params.promoted_tweet_id));
    if (!pt || (pt.deletedAt !== null && !bool(params, 'with_deleted', false)))
      throw notFound('promoted tweet');
    return one(request, wire(pt));
  });

  // Links posts to a line item; the line item serves them in rotation.
  app.post(base, (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const lineItemId = str(params, 'line_item_id', { required: true })!;
    const li = store.lineItems.get(account.id, lineItemId);
    if (!li || current(li).deleted)
      throw new InvalidInput('line_item_id does not name a line item of this ad account', 'line_item_id');
    const tweetIds = list(params, 'tweet_ids', { required: true, max: MAX_TWEETS });
    const missing = tweetIds.find((id) => !ctx.postExists(id));
    if (missing) throw new InvalidInput(`Post ${missing} does not exist`, 'tweet_ids');
    const linked = store.promotedTweets
      .list(account.id)
      .filter((pt) => pt.lineItemId === lineItemId && pt.deletedAt === null);
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

  app.delete(`${base}/:promoted_tweet_id`, (request) => {
    const account = ownedAccount(ctx, request);
    const pt = store.promotedTweets.get(account.id, String(paramsOf(request).promoted_tweet_id));
    if (!pt || pt.deletedAt !== null) throw notFound('promoted tweet');
    pt.deletedAt = pt.updatedAt = ctx.platform.now();
    store.touch();
    return one(request, wire(pt));
  });
}
