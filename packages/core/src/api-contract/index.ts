import { z } from 'zod';
import { targetingPackageSchema } from '../targeting';
import {
  audienceCategorySchema,
  audienceConfigListSchema,
  audienceConfigSchema,
  audienceRegionSchema,
  autocompleteResponseSchema,
  codeChallengeSchema,
  communitiesResponseSchema,
  conversationTopicsResponseSchema,
  detailSchema,
  estimateSchema,
  exploreResultSchema,
  handleAnalysisResponseSchema,
  insightsByConfigSchema,
  interestsResponseSchema,
  inviteSchema,
  jobResponseSchema,
  jobSchema,
  languagesResponseSchema,
  targetingCountriesResponseSchema,
  geoLocationSchema,
  locationsResponseSchema,
  magicLinkResponseSchema,
  memberSchema,
  moviesTvShowsResponseSchema,
  networkOperatorsResponseSchema,
  publicProviderSchema,
  signInResponseSchema,
  socialAccountSchema,
  staffAccessSchema,
  storeListSchema,
  teamInfoSchema,
  teamSchema,
  topicPostsResponseSchema,
  userGroupsSchema,
  userSchema,
  validateHandleResponseSchema,
  xAccessTokenSchema,
  xRequestTokenSchema,
} from '../api';
import type { ApiRouteKey, ApiRoutes } from '../api';
import { PRO_PARTLY_CHECKED_RESPONSES, PRO_ROUTE_RESPONSES } from './pro';
import { DEEPTHOUGHT_ROUTE_RESPONSES } from './deepthought';
import { BILLING_ROUTE_RESPONSES } from './billing';
import { PLATFORM_ROUTE_RESPONSES } from './platform';
import { X_ADS_ROUTE_RESPONSES } from './x-ads';
import { CAMPAIGN_ROUTE_RESPONSES } from './campaigns';

// The run-time side of ApiRoutes (packages/core/src/api/routes.ts, types only): for every route the
// web app calls, the zod schema its success response is serialised with. The server's
// src/web-routes.test.ts checks each entry against the OpenAPI document (the route exists and
// declares this very schema), so the map cannot name a route or a shape the server does not have.
// Not for the web app: it loads zod and every schema (lint fences it off from apps/web).

/** A 204 route declares `z.null()`; the map says `void`. */
type Wire<R> = [R] extends [void] ? null : R;

/**
 * The map's type where the web reads more than the route's schema checks (a `z.unknown()` part the
 * web knows the shape of). Each use is listed with its reason in PARTLY_CHECKED_RESPONSES.
 */
const narrowedTo = <R>(schema: z.ZodType): z.ZodType<R> => schema as z.ZodType<R>;

type Responses = { [K in ApiRouteKey]: z.ZodType<Wire<ApiRoutes[K]['response']>> };

/** Every ApiRoutes key with its response schema: an object literal, so tsc wants every key and no other. */
export const API_ROUTE_RESPONSES = {
  // ---- users, sign-in ----
  'GET /api/user/me/': userSchema,
  'PUT /api/user/me/': userSchema,
  'POST /api/user/magic-link/': magicLinkResponseSchema,
  'POST /api/user/magic-link/use/': signInResponseSchema,
  'POST /rest-auth/login-via-token/': signInResponseSchema,
  'POST /api/external/personal-magic-link/magic/': magicLinkResponseSchema,
  'POST /api/external/personal-magic-link/use/': signInResponseSchema,
  'GET /api/external/standalone-me/standalone_me/': userSchema,
  'GET /rest-auth/logout/': detailSchema,

  // ---- social sign-in ----
  'GET /api/auth/providers/': z.array(publicProviderSchema),
  'GET /rest-auth/twitter/request_token/': xRequestTokenSchema,
  'GET /rest-auth/twitter/access_token/': xAccessTokenSchema,
  'POST /rest-auth/twitter/': signInResponseSchema,
  'POST /rest-auth/twitter/connect/': userSchema,
  'POST /rest-auth/:provider/': signInResponseSchema,
  'POST /rest-auth/:provider/connect/': userSchema,
  'GET /rest-auth/twitter_oauth2_challenge/code-challenge/': codeChallengeSchema,
  'GET /rest-auth/socialaccounts/': z.array(socialAccountSchema),
  'POST /rest-auth/socialaccounts/:pk/disconnect/': detailSchema,

  // ---- teams and invitations ----
  'GET /api/teams/': z.array(teamSchema),
  'POST /api/teams/': teamSchema,
  'GET /api/teams/:slug/': teamSchema,
  'PATCH /api/teams/:slug/': teamSchema,
  'GET /api/teams/:slug/members/': z.array(memberSchema),
  'GET /api/teams/:team_id/invites/': z.array(inviteSchema),
  'POST /api/teams/:team_id/invites/': z.array(inviteSchema),
  'POST /api/teams/:team_id/invites/accept/': teamSchema,
  'GET /api/teaminfo/:slug/': teamInfoSchema,

  // ---- audiences, jobs, insights ----
  'POST /api/build-audience/': estimateSchema,
  'POST /api/audience-configs/autocomplete/': autocompleteResponseSchema,
  'GET /api/audience-configs/': audienceConfigListSchema,
  'POST /api/audience-configs/': audienceConfigSchema,
  'DELETE /api/audience-configs/:pk/': z.null(),
  'GET /api/external/audience-configs/:pk/targeting-package/': targetingPackageSchema,
  'POST /api/audience-configs/insights/':
    narrowedTo<ApiRoutes['POST /api/audience-configs/insights/']['response']>(jobResponseSchema),
  'POST /api/audience-configs/perspectives/':
    narrowedTo<ApiRoutes['POST /api/audience-configs/perspectives/']['response']>(jobResponseSchema),
  'GET /api/audience-insights/:pk/by_config/':
    narrowedTo<ApiRoutes['GET /api/audience-insights/:pk/by_config/']['response']>(insightsByConfigSchema),
  'GET /api/jobs/:id/': jobSchema,

  // ---- catalogues, store, communities ----
  'GET /api/external/network-operators/': networkOperatorsResponseSchema,
  'POST /api/external/network-operators/search/': networkOperatorsResponseSchema,
  'GET /api/external/languages/': languagesResponseSchema,
  'GET /api/targeting-countries/': targetingCountriesResponseSchema,
  'GET /api/targeting-interests/': interestsResponseSchema,
  'GET /api/targeting-locations/': locationsResponseSchema,
  'GET /api/geo-location/': geoLocationSchema,
  'GET /api/external/locations/': locationsResponseSchema,
  'GET /api/external/interests/': interestsResponseSchema,
  'POST /api/external/interests/search/': interestsResponseSchema,
  'GET /api/external/conversation-topics/': conversationTopicsResponseSchema,
  'POST /api/external/conversation-topics/search/': conversationTopicsResponseSchema,
  'GET /api/external/movies-tv-shows/': moviesTvShowsResponseSchema,
  'POST /api/external/movies-tv-shows/search/': moviesTvShowsResponseSchema,
  'GET /api/audience-categories/': z.array(audienceCategorySchema),
  'GET /api/audience-regions/': z.array(audienceRegionSchema),
  'GET /api/audiences/': storeListSchema,
  'GET /api/communities/': communitiesResponseSchema,

  // ---- explore-X and the audience-builder family ----
  'POST /api/external/validate-handle/': validateHandleResponseSchema,
  'POST /api/external/followers-of/': exploreResultSchema,
  'POST /api/external/interested-in/': exploreResultSchema,
  'POST /api/external/posted-about/': exploreResultSchema,
  'POST /api/external/words-in-profile/': exploreResultSchema,
  'POST /api/external/handle-analysis/': handleAnalysisResponseSchema,
  'POST /api/external/topic-posts/': topicPostsResponseSchema,

  // ---- the pro-targeting site (api-contract/pro.ts) ----
  ...PRO_ROUTE_RESPONSES,

  // ---- Deep Thought, the premium analytics suite (api-contract/deepthought.ts) ----
  ...DEEPTHOUGHT_ROUTE_RESPONSES,

  // ---- billing (api-contract/billing.ts) ----
  ...BILLING_ROUTE_RESPONSES,
  ...PLATFORM_ROUTE_RESPONSES,

  // ---- ad accounts, uploads to X, the Japanese agreement, usages (api-contract/x-ads.ts) ----
  ...X_ADS_ROUTE_RESPONSES,

  // ---- campaigns, ad sets, ads, creatives (api-contract/campaigns.ts) ----
  ...CAMPAIGN_ROUTE_RESPONSES,

  // ---- staff tools (modules/staff) ----
  'GET /api/staff/access/': staffAccessSchema,
  'GET /api/staff/user-groups/': userGroupsSchema,
  'POST /api/staff/user-groups/': userGroupsSchema,
  'POST /api/staff/user-groups/remove/': userGroupsSchema,
} satisfies Responses;

/** Every key of ApiRoutes, at run time. */
export const API_ROUTE_KEYS = Object.keys(API_ROUTE_RESPONSES) as ApiRouteKey[];

/**
 * Routes whose response schema leaves a part unchecked (`z.unknown()`, a catch-all) that the web app
 * reads, and why. The server test fails when a route here no longer has such a part (remove it) or a
 * route not listed here has one (list it, or better, give the part a schema).
 */
export const PARTLY_CHECKED_RESPONSES: Partial<Record<ApiRouteKey, string>> = {
  ...PRO_PARTLY_CHECKED_RESPONSES,
  'POST /api/audience-configs/insights/':
    'job.result is the insights report (@murmur/core/insights types, no zod schema yet); the map types it JobStarted<InsightsReport>',
  'POST /api/audience-configs/perspectives/':
    'job.result is an AudienceComparison (@murmur/core/insights types, no zod schema yet)',
  'GET /api/audience-insights/:pk/by_config/':
    'insightsSchema checks the estimate only and passes the engine panels through (catchall unknown)',
  'GET /api/jobs/:id/':
    'one route for every job kind: result is unknown until the web knows which job it polls',
  'POST /api/external/handle-analysis/':
    'demographics and interests are engine panels passed through as z.unknown() (typed unknown in the map too)',
};

// `satisfies Responses` holds each schema's output to the map's type; this holds the map's type to
// the schema's output too, so the map cannot promise a field (or a wider value) the schema lacks.
type Both<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Table = typeof API_ROUTE_RESPONSES;
type Drifted = {
  [K in ApiRouteKey]: Both<z.output<Table[K]>, Wire<ApiRoutes[K]['response']>> extends true ? never : K;
}[ApiRouteKey];
/** A compile error here names the keys whose ApiRoutes response is not their schema's output. */
type NoDrift<K extends never> = K;
export type ResponsesMatchApiRoutes = NoDrift<Drifted>;
