import type { z } from 'zod';
import type { AudienceComparison } from '../insights';
import type { TargetingPackage } from '../targeting';
import type {
  AudienceCategory,
  AudienceConfig,
  AudienceConfigList,
  audienceConfigQuerySchema,
  AutocompleteRequest,
  AutocompleteResponse,
  BuildAudience,
  Estimate,
  InsightsReport,
  InsightsRequest,
  Job,
  JobStarted,
  PerspectivesRequest,
  SaveAudienceConfig,
  StoredInsights,
} from './audiences';
import type {
  LoginViaToken,
  MagicLinkRequest,
  MagicLinkResponse,
  MagicLinkUse,
  PublicProvider,
  SignInResponse,
} from './auth';
import type {
  AudienceRegion,
  CatalogueSearch,
  communitiesQuerySchema,
  communitiesResponseSchema,
  conversationTopicsResponseSchema,
  ExploreResult,
  followersOfSchema,
  HandleAnalysis,
  handleAnalysisSchema,
  interestedInSchema,
  interestsResponseSchema,
  languagesResponseSchema,
  locationsQuerySchema,
  locationsResponseSchema,
  moviesTvShowsResponseSchema,
  networkOperatorsQuerySchema,
  networkOperatorsResponseSchema,
  postedAboutSchema,
  storeListSchema,
  storeQuerySchema,
  TopicPosts,
  topicPostsSchema,
  validateHandleSchema,
  ValidateHandleResult,
  wordsInProfileSchema,
} from './catalogues';
import type { Detail } from './common';
import type {
  CodeChallenge,
  CodeProvider,
  SocialAccount,
  SocialCode,
  XAccessToken,
  XAccessTokenQuery,
  xRequestTokenQuerySchema,
  XRequestToken,
  XTokens,
} from './social';
import type {
  AcceptInvite,
  CreateInvites,
  CreateTeam,
  Invite,
  Member,
  PatchTeam,
  Team,
  TeamInfo,
} from './team';
import type { UpdateMe, User } from './user';
import type { GeoLocation, TargetingCountriesResponse } from './targeting-service';
import type { DeepThoughtRoutes } from './deepthought-routes';
import type { BillingRoutes } from './billing-routes';
import type { XAdsRoutes } from './x-ads-routes';
import type { PlatformRoutes } from './platform-routes';
import type { MeasurementRoutes } from './measurement-routes';
import type { StaffRoutes } from './staff';
import type { ProRoutes } from './pro-routes';
import type { CampaignRoutes } from './campaign-routes';

// The routes the web app calls, each with what it sends and what it reads, named by the same zod
// schemas the server validates with. Types only — `import type` above and nothing at run time — so
// that the web app's screens can be typed by it without loading zod (docs/ARCHITECTURE.md §4).
// The keys are "METHOD path" with the server's `:param` syntax; lib/request.ts fills the params in.

/** A query as the server reads it after parsing: every value optional, sent as a query string. */
type QueryOf<S extends z.ZodType> = Partial<z.output<S>>;

/** What one route takes and answers. `params` is only given where a param is narrower than a string. */
export interface RouteTypes {
  body?: unknown;
  query?: object;
  params?: object;
  response: unknown;
}

type CatalogueRoutes<Path extends string, Response> = {
  [K in `GET /api/external/${Path}/`]: { response: Response };
} & { [K in `POST /api/external/${Path}/search/`]: { body: CatalogueSearch; response: Response } };

interface Routes {
  // ---- users, sign-in (modules/users, modules/auth) ----
  'GET /api/user/me/': { response: User };
  'PUT /api/user/me/': { body: UpdateMe; response: User };
  'POST /api/user/magic-link/': { body: MagicLinkRequest; response: MagicLinkResponse };
  'POST /api/user/magic-link/use/': { body: MagicLinkUse; response: SignInResponse };
  'POST /rest-auth/login-via-token/': { body: LoginViaToken; response: SignInResponse };
  'POST /api/external/personal-magic-link/magic/': { body: MagicLinkRequest; response: MagicLinkResponse };
  'POST /api/external/personal-magic-link/use/': { body: MagicLinkUse; response: SignInResponse };
  'GET /api/external/standalone-me/standalone_me/': { response: User };
  'GET /rest-auth/logout/': { response: Detail };

  // ---- social sign-in (modules/social) ----
  'GET /api/auth/providers/': { response: PublicProvider[] };
  'GET /rest-auth/twitter/request_token/': {
    query: QueryOf<typeof xRequestTokenQuerySchema>;
    response: XRequestToken;
  };
  'GET /rest-auth/twitter/access_token/': { query: XAccessTokenQuery; response: XAccessToken };
  'POST /rest-auth/twitter/': { body: XTokens; response: SignInResponse };
  'POST /rest-auth/twitter/connect/': { body: XTokens; response: User };
  'POST /rest-auth/:provider/': {
    params: { provider: CodeProvider };
    body: SocialCode;
    response: SignInResponse;
  };
  'POST /rest-auth/:provider/connect/': {
    params: { provider: CodeProvider };
    body: SocialCode;
    response: User;
  };
  'GET /rest-auth/twitter_oauth2_challenge/code-challenge/': { response: CodeChallenge };
  'GET /rest-auth/socialaccounts/': { response: SocialAccount[] };
  'POST /rest-auth/socialaccounts/:pk/disconnect/': { response: Detail };

  // ---- teams and invitations (modules/teams) ----
  'GET /api/teams/': { response: Team[] };
  'POST /api/teams/': { body: CreateTeam; response: Team };
  'GET /api/teams/:slug/': { response: Team };
  'PATCH /api/teams/:slug/': { body: PatchTeam; response: Team };
  'GET /api/teams/:slug/members/': { response: Member[] };
  'GET /api/teams/:team_id/invites/': { response: Invite[] };
  'POST /api/teams/:team_id/invites/': { body: CreateInvites; response: Invite[] };
  'POST /api/teams/:team_id/invites/accept/': { body: AcceptInvite; response: Team };
  'GET /api/teaminfo/:slug/': { response: TeamInfo };

  // ---- audiences, jobs, insights (modules/audiences) ----
  'POST /api/build-audience/': { body: BuildAudience; response: Estimate };
  'POST /api/audience-configs/autocomplete/': { body: AutocompleteRequest; response: AutocompleteResponse };
  'GET /api/audience-configs/': {
    query: QueryOf<typeof audienceConfigQuerySchema>;
    response: AudienceConfigList;
  };
  'POST /api/audience-configs/': { body: SaveAudienceConfig; response: AudienceConfig };
  'DELETE /api/audience-configs/:pk/': { response: void };
  'GET /api/external/audience-configs/:pk/targeting-package/': { response: TargetingPackage };
  'POST /api/audience-configs/insights/': { body: InsightsRequest; response: JobStarted<InsightsReport> };
  'POST /api/audience-configs/perspectives/': {
    body: PerspectivesRequest;
    response: JobStarted<AudienceComparison>;
  };
  'GET /api/audience-insights/:pk/by_config/': {
    response: StoredInsights;
  };
  'GET /api/jobs/:id/': { response: Job };

  // ---- catalogues, store, communities (modules/catalogues, modules/store, modules/communities) ----
  'GET /api/external/network-operators/': {
    query: QueryOf<typeof networkOperatorsQuerySchema>;
    response: z.output<typeof networkOperatorsResponseSchema>;
  };
  'GET /api/external/languages/': { response: z.output<typeof languagesResponseSchema> };
  'GET /api/targeting-countries/': { response: TargetingCountriesResponse };
  'GET /api/targeting-interests/': { response: z.output<typeof interestsResponseSchema> };
  'GET /api/targeting-locations/': {
    query: QueryOf<typeof locationsQuerySchema>;
    response: z.output<typeof locationsResponseSchema>;
  };
  'GET /api/geo-location/': { response: GeoLocation };
  'GET /api/external/locations/': {
    query: QueryOf<typeof locationsQuerySchema>;
    response: z.output<typeof locationsResponseSchema>;
  };
  'GET /api/audience-categories/': { response: AudienceCategory[] };
  'GET /api/audience-regions/': { response: AudienceRegion[] };
  'GET /api/audiences/': {
    query: QueryOf<typeof storeQuerySchema>;
    response: z.output<typeof storeListSchema>;
  };
  'GET /api/communities/': {
    query: QueryOf<typeof communitiesQuerySchema>;
    response: z.output<typeof communitiesResponseSchema>;
  };

  // ---- explore-X and the audience-builder family (modules/explore) ----
  'POST /api/external/validate-handle/': {
    body: z.input<typeof validateHandleSchema>;
    response: ValidateHandleResult;
  };
  'POST /api/external/followers-of/': { body: z.input<typeof followersOfSchema>; response: ExploreResult };
  'POST /api/external/interested-in/': { body: z.input<typeof interestedInSchema>; response: ExploreResult };
  'POST /api/external/posted-about/': { body: z.input<typeof postedAboutSchema>; response: ExploreResult };
  'POST /api/external/words-in-profile/': {
    body: z.input<typeof wordsInProfileSchema>;
    response: ExploreResult;
  };
  'POST /api/external/handle-analysis/': {
    body: z.input<typeof handleAnalysisSchema>;
    response: HandleAnalysis;
  };
  'POST /api/external/topic-posts/': {
    body: z.input<typeof topicPostsSchema>;
    response: TopicPosts;
  };
}

/** Holds every entry to RouteTypes (a misspelt `respones` or a non-object query is a compile error). */
type Checked<T extends { [K in keyof T]: RouteTypes }> = T;

/** Every route the web app may call: its key is "METHOD path", its value what it takes and answers. */
export type ApiRoutes = Checked<
  Routes &
    ProRoutes &
    CampaignRoutes &
    DeepThoughtRoutes &
    BillingRoutes &
    XAdsRoutes &
    PlatformRoutes &
    MeasurementRoutes &
    StaffRoutes &
    CatalogueRoutes<'interests', z.output<typeof interestsResponseSchema>> &
    CatalogueRoutes<'conversation-topics', z.output<typeof conversationTopicsResponseSchema>> &
    CatalogueRoutes<'movies-tv-shows', z.output<typeof moviesTvShowsResponseSchema>> &
    Pick<
      CatalogueRoutes<'network-operators', z.output<typeof networkOperatorsResponseSchema>>,
      'POST /api/external/network-operators/search/'
    >
>;

export type ApiRouteKey = keyof ApiRoutes;
