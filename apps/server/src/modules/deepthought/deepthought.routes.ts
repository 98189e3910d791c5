import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  connectXAccountSchema,
  dtBestTimeSchema,
  dtChangesQuerySchema,
  dtChangesSchema,
  dtEngagersSchema,
  dtJobSchema,
  dtPayoutSchema,
  dtPostDetailSchema,
  dtPostsPageSchema,
  dtPostsQuerySchema,
  dtSpamSchema,
  dtStatsSchema,
  dtStatusSchema,
  dtTimeZoneQuerySchema,
  dtTopicsSchema,
  dtUsersPageSchema,
  dtUsersQuerySchema,
  dtXStatsQuerySchema,
  dtXStatsSchema,
  followUnfollowSchema,
  patchXListSchema,
  saveXListSchema,
  talkToXAnswerSchema,
  talkToXSchema,
  xAccountSchema,
  xIdSchema,
  xListMembersChangeSchema,
  xListMembersSchema,
  xListSchema,
} from '@murmur/core/api';
import type { DtUsersPage } from '@murmur/core/api';
import { errorResponses } from '../../lib/http';
import { readThrough, sendCached, serialized, type ReadCache } from '../../lib/read-cache';
import { pkParams, type ZodApp } from '../../lib/resource-routes';
import { requireUser } from '../../plugins/auth';
import type { DeepThoughtService } from './deepthought.service';

const postParams = z.object({ id: xIdSchema });
const ROOT = '/api/external/deepthought';
const ROOTS = [ROOT, '/api/external/deepthought-token'];
const tags = ['deepthought'];
const gated = errorResponses(400, 402, 403, 404);

/**
 * SPEC §7 "Analytics tool under /api/external/deepthought/": the signed-in user's X accounts, sync
 * jobs, the synced lists and analyses, follow/unfollow, lists (/api/user/lists/) and Talk to X.
 * Everything but accounts, status, sync, jobs and stats needs premium (402, premium-gate.ts).
 */
export const deepThoughtRoutes: FastifyPluginCallbackZod<{
  deepThoughtService: DeepThoughtService;
  /** The followers and following pages in memory (lib/read-cache.ts); none: every page is read. */
  pageCache?: ReadCache | undefined;
  /** premium-gate.ts's 402, which a page served from memory still asks on every read. */
  requirePremium: (userId: number) => Promise<void>;
}> = (app, { deepThoughtService: dt, pageCache, requirePremium }, done) => {
  // The same API under deepthought-token/ (SPEC §7), for clients that send `Authorization: Token`.
  for (const root of ROOTS) {
    registerAccountRoutes(app, dt, root);
    registerSyncedRoutes(app, dt, root, { pageCache, requirePremium });
    registerAnalysisRoutes(app, dt, root);
  }
  registerFollowUnfollowRoutes(app, dt);
  registerListRoutes(app, dt);
  done();
};

/** The connected accounts, the status, sync jobs and the counts (no premium needed). */
function registerAccountRoutes(app: ZodApp, dt: DeepThoughtService, root: string) {
  app.get(
    `${root}/accounts/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'The X accounts connected for analysis',
        response: { 200: z.array(xAccountSchema), ...errorResponses(403) },
      },
    },
    (request) => dt.accounts(requireUser(request).id),
  );
  app.post(
    `${root}/accounts/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Connect the X account behind a user token from sign in with X (and select it)',
        body: connectXAccountSchema,
        response: { 200: xAccountSchema, ...errorResponses(400, 403, 503) },
      },
    },
    (request) => dt.connect(requireUser(request).id, request.body),
  );
  app.post(
    `${root}/accounts/:pk/select/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Switch the suite to another connected account',
        params: pkParams,
        response: { 200: xAccountSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => dt.select(requireUser(request).id, request.params.pk),
  );
  app.delete(
    `${root}/accounts/:pk/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Disconnect an account and forget what was synced of it',
        params: pkParams,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      await dt.disconnect(requireUser(request).id, request.params.pk);
      return reply.code(204).send(null);
    },
  );
  app.get(
    `${root}/status/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Selected account, premium access, latest job',
        response: { 200: dtStatusSchema, ...errorResponses(403) },
      },
    },
    (request) => dt.status(requireUser(request).id),
  );
  app.post(
    `${root}/sync/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Sync the selected account from X (a job; the running one when there is one)',
        response: { 200: dtJobSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => dt.sync(requireUser(request).id),
  );
  app.get(
    `${root}/jobs/:pk/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'A sync or follow/unfollow job with its progress',
        params: pkParams,
        response: { 200: dtJobSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => dt.job(requireUser(request).id, request.params.pk),
  );
  app.get(
    `${root}/stats/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Counts from the synced copy',
        response: { 200: dtStatsSchema, ...errorResponses(403, 404) },
      },
    },
    (request) => dt.stats(requireUser(request).id),
  );
}

/** The synced followers, followings, changes, posts and engagers (premium). */
function registerSyncedRoutes(
  app: ZodApp,
  dt: DeepThoughtService,
  root: string,
  cached: { pageCache: ReadCache | undefined; requirePremium: (userId: number) => Promise<void> },
) {
  for (const [path, direction] of [
    ['followers', 'follower'],
    ['following', 'following'],
  ] as const)
    app.get(
      `${root}/${path}/`,
      {
        config: { auth: 'signed-in' },
        schema: {
          tags,
          summary: `A page of the synced ${path} with spam scores`,
          querystring: dtUsersQuerySchema,
          response: { 200: dtUsersPageSchema, ...gated },
        },
      },
      async (request, reply) => {
        const { id } = requireUser(request);
        // Premium is checked on every read; the page comes from memory while none of the synced
        // tables it was read from changed (lib/read-cache.ts). Whose page and the URL are the key.
        await cached.requirePremium(id);
        const answer = await readThrough(cached.pageCache, `user:${id} ${request.url}`, async () =>
          serialized(reply, await dt.connections(id, direction, request.query)),
        );
        return sendCached<DtUsersPage>(request, reply, answer);
      },
    );

  app.get(
    `${root}/unfollowers/`,
    {
      schema: {
        tags,
        summary: 'Unfollowers and new followers between two dates (from successive syncs)',
        querystring: dtChangesQuerySchema,
        response: { 200: dtChangesSchema, ...gated },
      },
    },
    (request) => dt.changes(requireUser(request).id, request.query),
  );
  app.get(
    `${root}/posts/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'The synced posts with metrics',
        querystring: dtPostsQuerySchema,
        response: { 200: dtPostsPageSchema, ...gated },
      },
    },
    (request) => dt.posts(requireUser(request).id, request.query),
  );
  app.get(
    `${root}/posts/:id/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'One synced post and who engaged with it',
        params: postParams,
        response: { 200: dtPostDetailSchema, ...gated },
      },
    },
    (request) => dt.post(requireUser(request).id, request.params.id),
  );
  app.get(
    `${root}/engagers/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Who liked and reposted the synced posts',
        response: { 200: dtEngagersSchema, ...gated },
      },
    },
    (request) => dt.engagers(requireUser(request).id),
  );
}

/** The analyses of the synced copy and Talk to X (premium). */
function registerAnalysisRoutes(app: ZodApp, dt: DeepThoughtService, root: string) {
  app.get(
    `${root}/topics/`,
    {
      config: { auth: 'signed-in' },
      schema: { tags, summary: 'Topics of the synced posts', response: { 200: dtTopicsSchema, ...gated } },
    },
    (request) => dt.topics(requireUser(request).id, 'posts'),
  );
  app.get(
    `${root}/following-topics/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Topics of the accounts followed',
        response: { 200: dtTopicsSchema, ...gated },
      },
    },
    (request) => dt.topics(requireUser(request).id, 'following'),
  );
  app.get(
    `${root}/best-post-time/`,
    {
      schema: {
        tags,
        summary: "Best time to post, from followers' activity hours in a time zone",
        querystring: dtTimeZoneQuerySchema,
        response: { 200: dtBestTimeSchema, ...gated },
      },
    },
    (request) => dt.bestTime(requireUser(request).id, request.query.tz),
  );
  app.get(
    `${root}/payout-prediction/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Payout prediction (model and assumptions included)',
        response: { 200: dtPayoutSchema, ...gated },
      },
    },
    (request) => dt.payout(requireUser(request).id),
  );
  app.get(
    `${root}/spam-analysis/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags,
        summary: 'Likely spam and fake accounts among followers and followings, with reasons',
        response: { 200: dtSpamSchema, ...gated },
      },
    },
    (request) => dt.spam(requireUser(request).id),
  );
  app.get(
    `${root}/xstats/`,
    {
      schema: {
        tags,
        summary: 'Followers per country (from profile locations)',
        querystring: dtXStatsQuerySchema,
        response: { 200: dtXStatsSchema, ...gated },
      },
    },
    (request) => dt.xstats(requireUser(request).id, request.query.country),
  );
  app.post(
    `${root}/talk-to-x/`,
    {
      schema: {
        tags,
        summary: 'Ask about the account in English or Japanese; answered from the synced figures',
        body: talkToXSchema,
        response: { 200: talkToXAnswerSchema, ...gated },
      },
    },
    (request) => dt.talk(requireUser(request).id, request.body),
  );
}

function registerFollowUnfollowRoutes(app: ZodApp, dt: DeepThoughtService) {
  for (const path of [`${ROOT}/follow-unfollow/`, '/api/user/follow-unfollow/'])
    app.post(
      path,
      {
        schema: {
          tags: path.startsWith(ROOT) ? tags : ['user'],
          summary:
            'Follow or unfollow one or many accounts on X (a job within X’s per-user limits; 429 at the daily cap)',
          body: followUnfollowSchema,
          response: { 200: dtJobSchema, ...gated, ...errorResponses(429) },
        },
      },
      (request) => dt.followUnfollow(requireUser(request).id, request.body),
    );
}

/**
 * The selected account's X lists: SPEC §7's analytics tool lists them under /api/external/deepthought/
 * (what Deep Thought's screens call), and its "Other" part names the same CRUD plus POST members
 * under /api/user/lists/.
 */
function registerListRoutes(app: ZodApp, dt: DeepThoughtService) {
  for (const base of [`${ROOT}/lists`, '/api/user/lists'])
    registerListRoutesAt(app, dt, base, base.startsWith(ROOT) ? tags : ['user']);
}

function registerListRoutesAt(app: ZodApp, dt: DeepThoughtService, base: string, listTags: string[]) {
  app.get(
    `${base}/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: listTags,
        summary: 'Lists of the selected X account',
        response: { 200: z.array(xListSchema), ...gated },
      },
    },
    (request) => dt.lists(requireUser(request).id),
  );
  app.post(
    `${base}/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: listTags,
        summary: 'Create a list on X',
        body: saveXListSchema,
        response: { 200: xListSchema, ...gated, ...errorResponses(503) },
      },
    },
    (request) => dt.createList(requireUser(request).id, request.body),
  );
  app.get(
    `${base}/:pk/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: listTags,
        summary: 'One list of the selected X account',
        params: pkParams,
        response: { 200: xListSchema, ...gated },
      },
    },
    (request) => dt.list(requireUser(request).id, request.params.pk),
  );
  for (const method of ['put', 'patch'] as const)
    app[method](
      `${base}/:pk/`,
      {
        config: { auth: 'signed-in' },
        schema: {
          tags: listTags,
          summary: 'Change a list on X',
          params: pkParams,
          body: method === 'put' ? saveXListSchema : patchXListSchema,
          response: { 200: xListSchema, ...gated, ...errorResponses(503) },
        },
      },
      (request) => dt.updateList(requireUser(request).id, request.params.pk, request.body),
    );
  app.delete(
    `${base}/:pk/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: listTags,
        summary: 'Delete a list on X',
        params: pkParams,
        response: { 204: z.null(), ...gated, ...errorResponses(503) },
      },
    },
    async (request, reply) => {
      await dt.deleteList(requireUser(request).id, request.params.pk);
      return reply.code(204).send(null);
    },
  );
  app.get(
    `${base}/:pk/members/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: listTags,
        summary: 'Members of a list',
        params: pkParams,
        response: { 200: xListMembersSchema, ...gated },
      },
    },
    (request) => dt.members(requireUser(request).id, request.params.pk),
  );
  app.post(
    `${base}/:pk/members/`,
    {
      config: { auth: 'signed-in' },
      schema: {
        tags: listTags,
        summary: 'Add and remove members on X',
        params: pkParams,
        body: xListMembersChangeSchema,
        response: { 200: xListMembersSchema, ...gated, ...errorResponses(503) },
      },
    },
    (request) => dt.changeMembers(requireUser(request).id, request.params.pk, request.body),
  );
}
