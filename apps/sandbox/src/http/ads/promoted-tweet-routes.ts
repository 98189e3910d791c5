import type { FastifyInstance } from 'fastify';
import { InvalidInput } from '../../ads/invalid-input';
import type { PromotedTweet } from '../../ads/types';
import { ownedAccount } from './auth';
import type { AdsContext } from './context';
import { page } from './envelope';
import { liveChildren, liveLineItemId, registerLineItemChildRoutes } from './line-item-children';
import { iso, list, paramsOf } from './params';

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
    const missing = tweetIds.find((id) => !ctx.postExists(id));
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
}
