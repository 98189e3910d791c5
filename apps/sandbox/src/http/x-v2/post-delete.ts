import type { FastifyInstance } from 'fastify';
import { adPostsOf } from '../../ads/ad-posts';
import { deletePostNow } from '../../history/actions';
import { xRoute, type XContext } from './context';
import { ID_PATTERN, matching } from './common';
import { postById } from './indexes';
import { PartialError, forbidden, notFoundError } from './problems';

/** X's OpenAPI `security` of deletePosts: a user's token with these scopes (or OAuth 1.0a). */
const DELETE = { appOnly: false, scopes: ['tweet.read', 'tweet.write', 'users.read'] };

/**
 * DELETE /tweets/:id (X's deletePosts): the author deletes one of their posts. A network post leaves
 * every answer with its engagements and the posts compliance stream carries its delete event at once
 * (history/actions.ts deletePostNow); a promoted-only post made through the Ads API leaves the ad
 * account's posts and can no longer be promoted. Someone else's post is X's 403; an unknown or
 * already deleted one is X's "200 with errors".
 */
export function registerPostDelete(app: FastifyInstance, ctx: XContext): void {
  xRoute(app, ctx, {
    method: 'DELETE',
    path: '/tweets/:id',
    auth: DELETE,
    handle: (call) => {
      const id = matching('id', call.params.id, ID_PATTERN);
      const me = call.caller.kind === 'user' ? call.caller.account : -1;
      const notYours = () => forbidden('You are not allowed to delete a Post that is not yours.');
      const made = adPostsOf(ctx.net);
      const adPost = made.get(id);
      if (adPost) {
        if (adPost.author !== me) throw notYours();
        made.delete(id);
        return { data: { deleted: true } };
      }
      const post = postById(ctx.net, id);
      if (post < 0 || ctx.net.posts.deleted.get(post))
        throw new PartialError([notFoundError('tweet', 'id', id)]);
      if (ctx.net.posts.author.get(post) !== me) throw notYours();
      return { data: { deleted: deletePostNow(ctx.net, post) } };
    },
  });
}
