import type { z } from 'zod';
import type {
  ConnectXAccount,
  DtBestTime,
  DtChanges,
  dtChangesQuerySchema,
  DtEngagers,
  DtJob,
  DtPayout,
  DtPostDetail,
  dtPostsPageSchema,
  dtPostsQuerySchema,
  DtSpam,
  DtStats,
  DtStatus,
  dtTimeZoneQuerySchema,
  DtTopics,
  DtUsersPage,
  dtUsersQuerySchema,
  dtXStatsQuerySchema,
  DtXStats,
  FollowUnfollow,
  PatchXList,
  SaveXList,
  TalkToX,
  TalkToXAnswer,
  XAccount,
  XList,
  XListMembers,
  XListMembersChange,
} from './deepthought';

/** Deep Thought's routes (SPEC §7 analytics tool, /api/user/lists/, follow-unfollow), joined into ApiRoutes. */
type QueryOf<S extends z.ZodType> = Partial<z.output<S>>;

export interface DeepThoughtRoutes {
  'GET /api/external/deepthought/accounts/': { response: XAccount[] };
  'POST /api/external/deepthought/accounts/': { body: ConnectXAccount; response: XAccount };
  'POST /api/external/deepthought/accounts/:pk/select/': { response: XAccount };
  'DELETE /api/external/deepthought/accounts/:pk/': { response: void };
  'GET /api/external/deepthought/status/': { response: DtStatus };
  'POST /api/external/deepthought/sync/': { response: DtJob };
  'GET /api/external/deepthought/jobs/:pk/': { response: DtJob };
  'GET /api/external/deepthought/stats/': { response: DtStats };
  'GET /api/external/deepthought/followers/': {
    query: QueryOf<typeof dtUsersQuerySchema>;
    response: DtUsersPage;
  };
  'GET /api/external/deepthought/following/': {
    query: QueryOf<typeof dtUsersQuerySchema>;
    response: DtUsersPage;
  };
  'GET /api/external/deepthought/unfollowers/': {
    query: QueryOf<typeof dtChangesQuerySchema>;
    response: DtChanges;
  };
  'GET /api/external/deepthought/posts/': {
    query: QueryOf<typeof dtPostsQuerySchema>;
    response: z.output<typeof dtPostsPageSchema>;
  };
  'GET /api/external/deepthought/posts/:id/': { response: DtPostDetail };
  'GET /api/external/deepthought/engagers/': { response: DtEngagers };
  'GET /api/external/deepthought/topics/': { response: DtTopics };
  'GET /api/external/deepthought/following-topics/': { response: DtTopics };
  'GET /api/external/deepthought/best-post-time/': {
    query: QueryOf<typeof dtTimeZoneQuerySchema>;
    response: DtBestTime;
  };
  'GET /api/external/deepthought/payout-prediction/': { response: DtPayout };
  'GET /api/external/deepthought/spam-analysis/': { response: DtSpam };
  'GET /api/external/deepthought/xstats/': { query: QueryOf<typeof dtXStatsQuerySchema>; response: DtXStats };
  'POST /api/external/deepthought/talk-to-x/': { body: TalkToX; response: TalkToXAnswer };
  'POST /api/external/deepthought/follow-unfollow/': { body: FollowUnfollow; response: DtJob };
  'POST /api/user/follow-unfollow/': { body: FollowUnfollow; response: DtJob };
  'GET /api/user/lists/': { response: XList[] };
  'POST /api/user/lists/': { body: SaveXList; response: XList };
  'GET /api/user/lists/:pk/': { response: XList };
  'PUT /api/user/lists/:pk/': { body: SaveXList; response: XList };
  'PATCH /api/user/lists/:pk/': { body: PatchXList; response: XList };
  'DELETE /api/user/lists/:pk/': { response: void };
  'GET /api/user/lists/:pk/members/': { response: XListMembers };
  'POST /api/user/lists/:pk/members/': { body: XListMembersChange; response: XListMembers };
}
