import type { FastifyInstance } from 'fastify';
import { xRoute, type XContext } from './context';
import { canSee, userParam } from './common';
import { TWEET_EXPANSIONS, TWEET_SHAPE_PARAMS, maxResults } from './fields';
import { postsOf } from './indexes';
import { newestFirst, postWindow, postsPage, timeParam } from './post-listing';
import { PartialError, invalidParameter, notAuthorizedError } from './problems';

/** X serves a user's 3 200 most recent posts, no further back. */
const TIMELINE_DEPTH = 3200;

/** GET /users/:id/tweets: the account's posts and replies, newest first (reposts are not posts here). */
export function registerUserPosts(app: FastifyInstance, ctx: XContext): void {
  xRoute(app, ctx, {
    method: 'GET',
    path: '/users/:id/tweets',
    auth: { appOnly: true, scopes: ['tweet.read', 'users.read'] },
    query: [
      'max_results',
      'pagination_token',
      'start_time',
      'end_time',
      'since_id',
      'until_id',
      'exclude',
      ...TWEET_SHAPE_PARAMS,
    ],
    expansions: TWEET_EXPANSIONS,
    handle: (call) => {
      const account = userParam(call, 'id');
      const { shape } = call;
      const max = maxResults(call.query, 5, 100, 10);
      const exclude = (call.query.exclude ?? '').split(',').filter(Boolean);
      const unknown = exclude.find((e) => e !== 'replies' && e !== 'retweets');
      if (unknown)
        throw invalidParameter(
          'exclude',
          unknown,
          `The \`exclude\` query parameter value [${unknown}] is not one of [replies,retweets]`,
        );
      if (!canSee(call, account)) throw new PartialError([notAuthorizedError('user', 'id', call.params.id!)]);
      const inWindow = postWindow(call, timeParam(call, 'start_time'), timeParam(call, 'end_time'));
      const { posts } = ctx.net;
      const key = newestFirst(ctx.net);
      const sorted = Array.from(postsOf(ctx.net, account))
        .sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1])
        .slice(0, TIMELINE_DEPTH)
        .filter((p) => inWindow(p) && !(exclude.includes('replies') && posts.replyTo.get(p) >= 0));
      return postsPage(call, sorted, shape, max, `tweets ${account}`, 'pagination_token');
    },
  });
}
