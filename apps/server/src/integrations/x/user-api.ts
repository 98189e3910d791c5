import { toXError } from './errors';
import type { XTransport, XUserTokens } from './transport';

export const USER_FIELDS =
  'created_at,description,location,profile_image_url,protected,public_metrics,verified';
export const POST_FIELDS = 'created_at,public_metrics,author_id';
/** Posts with their authors as user objects (includes.users). */
const WITH_AUTHORS = { 'tweet.fields': POST_FIELDS, expansions: 'author_id', 'user.fields': USER_FIELDS };

/** An X v2 user object with the fields Deep Thought asks for. */
export interface XV2User {
  id: string;
  username: string;
  name: string;
  description?: string;
  location?: string;
  profile_image_url?: string;
  protected?: boolean;
  verified?: boolean;
  created_at?: string;
  public_metrics?: {
    followers_count?: number;
    following_count?: number;
    tweet_count?: number;
    listed_count?: number;
  };
}

export interface XV2Post {
  id: string;
  text: string;
  created_at?: string;
  author_id?: string;
  public_metrics?: {
    like_count?: number;
    retweet_count?: number;
    reply_count?: number;
    quote_count?: number;
    impression_count?: number;
  };
}

export interface XV2List {
  id: string;
  name: string;
  description?: string;
  private?: boolean;
  member_count?: number;
}

export interface RateLimit {
  limit: number;
  remaining: number;
  /** Unix seconds. */
  reset: number;
}

export interface XPage<T> {
  data: T[];
  /** includes.users: the authors of posts asked for with expansions=author_id. */
  users: XV2User[];
  nextToken: string | undefined;
  rateLimit: RateLimit | undefined;
}

/** One bucket of GET /2/tweets/counts/recent (X's live answers say tweet_count, its document post_count). */
export interface XPostCount {
  start: string;
  end: string;
  tweet_count?: number;
  post_count?: number;
}

export type XUserApi = ReturnType<typeof createXUserApi>;
export type XUserSession = ReturnType<XUserApi['as']>;

/**
 * X API v2 with one user's own OAuth 1.0a token, through twitter-api-v2: reads (users, followers,
 * following, posts, engagers, mentions, liked posts, quotes, post counts, lists) page by page with X's rate-limit headers, and writes (follow,
 * unfollow, lists and members). Against the sandbox, the library's X hosts are rewritten.
 */
export function createXUserApi(x: XTransport) {
  return {
    configured: x.configured,
    as(tokens: XUserTokens) {
      const v2 = x.user(tokens).v2;

      /** Any failure as an XError: status 429 with `reset` for a rate limit, 0 when X was not reached. */
      async function call<T>(run: () => Promise<T>): Promise<T> {
        try {
          return await run();
        } catch (error) {
          throw toXError('X API v2', error);
        }
      }

      async function page<T>(path: string, query: Record<string, string | number>): Promise<XPage<T>> {
        const response = await call(() =>
          v2.get<{ data?: T[]; includes?: { users?: XV2User[] }; meta?: { next_token?: string } }>(
            path,
            query,
            { fullResponse: true },
          ),
        );
        return {
          data: response.data.data ?? [],
          users: response.data.includes?.users ?? [],
          nextToken: response.data.meta?.next_token,
          rateLimit: response.rateLimit,
        };
      }

      return {
        async me(): Promise<XV2User> {
          const response = await call(() =>
            v2.get<{ data: XV2User }>('users/me', { 'user.fields': USER_FIELDS }),
          );
          return response.data;
        },
        followers: (id: string, token?: string) =>
          page<XV2User>(`users/${id}/followers`, {
            max_results: 1000,
            'user.fields': USER_FIELDS,
            ...(token && { pagination_token: token }),
          }),
        following: (id: string, token?: string) =>
          page<XV2User>(`users/${id}/following`, {
            max_results: 1000,
            'user.fields': USER_FIELDS,
            ...(token && { pagination_token: token }),
          }),
        posts: (id: string, token?: string, max = 100) =>
          page<XV2Post>(`users/${id}/tweets`, {
            max_results: max,
            'tweet.fields': POST_FIELDS,
            ...(token && { pagination_token: token }),
          }),
        likingUsers: (postId: string, token?: string) =>
          page<XV2User>(`tweets/${postId}/liking_users`, {
            max_results: 100,
            'user.fields': USER_FIELDS,
            ...(token && { pagination_token: token }),
          }),
        repostedBy: (postId: string, token?: string) =>
          page<XV2User>(`tweets/${postId}/retweeted_by`, {
            max_results: 100,
            'user.fields': USER_FIELDS,
            ...(token && { pagination_token: token }),
          }),
        /** Posts that mention or reply to the account, with their authors. */
        mentions: (id: string, token?: string) =>
          page<XV2Post>(`users/${id}/mentions`, {
            max_results: 100,
            ...WITH_AUTHORS,
            ...(token && { pagination_token: token }),
          }),
        /** Posts the account liked, with their authors. */
        likedPosts: (id: string, token?: string) =>
          page<XV2Post>(`users/${id}/liked_tweets`, {
            max_results: 100,
            ...WITH_AUTHORS,
            ...(token && { pagination_token: token }),
          }),
        /** Posts quoting one of the account's posts, with their authors. */
        quotes: (postId: string, token?: string) =>
          page<XV2Post>(`tweets/${postId}/quote_tweets`, {
            max_results: 100,
            ...WITH_AUTHORS,
            ...(token && { pagination_token: token }),
          }),
        /** The account's posts per hour over the last 7 days (X's recent post counts, from:username). */
        async postCounts(username: string): Promise<XPostCount[]> {
          const response = await call(() =>
            v2.get<{ data?: XPostCount[] }>('tweets/counts/recent', {
              query: `from:${username}`,
              granularity: 'hour',
            }),
          );
          return response.data ?? [];
        },
        async post(postId: string): Promise<XV2Post | undefined> {
          const response = await call(() =>
            v2.get<{ data?: XV2Post }>(`tweets/${postId}`, { 'tweet.fields': POST_FIELDS }),
          );
          return response.data;
        },
        ownedLists: (id: string, token?: string) =>
          page<XV2List>(`users/${id}/owned_lists`, {
            max_results: 100,
            'list.fields': 'description,private,member_count',
            ...(token && { pagination_token: token }),
          }),
        listMembers: (listId: string, token?: string) =>
          page<XV2User>(`lists/${listId}/members`, {
            max_results: 100,
            'user.fields': USER_FIELDS,
            ...(token && { pagination_token: token }),
          }),

        /** POST users/:id/following; the answer's rate limit says how many are left in the window. */
        async follow(me: string, target: string): Promise<RateLimit | undefined> {
          const response = await call(() =>
            v2.post(`users/${me}/following`, { target_user_id: target }, { fullResponse: true }),
          );
          return response.rateLimit;
        },
        async unfollow(me: string, target: string): Promise<RateLimit | undefined> {
          const response = await call(() =>
            v2.delete(`users/${me}/following/${target}`, undefined, { fullResponse: true }),
          );
          return response.rateLimit;
        },
        async createList(input: { name: string; description: string; private: boolean }): Promise<string> {
          const response = await call(() => v2.post<{ data: { id: string } }>('lists', input));
          return response.data.id;
        },
        async updateList(listId: string, input: { name?: string; description?: string; private?: boolean }) {
          await call(() => v2.put(`lists/${listId}`, input));
        },
        async deleteList(listId: string) {
          await call(() => v2.delete(`lists/${listId}`));
        },
        async addMember(listId: string, userId: string) {
          await call(() => v2.post(`lists/${listId}/members`, { user_id: userId }));
        },
        async removeMember(listId: string, userId: string) {
          await call(() => v2.delete(`lists/${listId}/members/${userId}`));
        },
      };
    },
  };
}
