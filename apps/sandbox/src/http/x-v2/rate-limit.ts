/** Endpoints by their limits: [app-only (none: user tokens only), per user, the endpoints]. */
const LIMITS: readonly [app: number | undefined, user: number, endpoints: readonly string[]][] = [
  [300, 900, ['GET /2/users/by/username/:username', 'GET /2/users/by', 'GET /2/users/:id', 'GET /2/users']],
  [undefined, 75, ['GET /2/users/me', 'GET /2/tweets/:id/liking_users']],
  [15, 15, ['GET /2/users/:id/followers', 'GET /2/users/:id/following', 'GET /2/users/:id/owned_lists']],
  [
    undefined,
    50,
    ['POST /2/users/:id/following', 'DELETE /2/users/:source_user_id/following/:target_user_id'],
  ],
  [1500, 900, ['GET /2/users/:id/tweets']],
  [450, 180, ['GET /2/tweets/search/recent']],
  [450, 900, ['GET /2/tweets/:id', 'GET /2/tweets']],
  [undefined, 50, ['DELETE /2/tweets/:id']],
  [450, 300, ['GET /2/users/:id/mentions']],
  [
    75,
    75,
    ['GET /2/users/:id/liked_tweets', 'GET /2/tweets/:id/quote_tweets', 'GET /2/tweets/:id/retweeted_by'],
  ],
  [75, 75, ['GET /2/lists/:id']],
  [300, 300, ['GET /2/tweets/counts/recent']],
  [undefined, 300, ['POST /2/lists', 'PUT /2/lists/:id', 'DELETE /2/lists/:id']],
  [undefined, 300, ['POST /2/lists/:id/members', 'DELETE /2/lists/:id/members/:user_id']],
  [900, 900, ['GET /2/lists/:id/members']],
  // Streams: connection attempts per app (X: 50 per 15 minutes for the firehoses and compliance).
  [50, 50, ['GET /2/tweets/firehose/stream', 'GET /2/likes/firehose/stream', 'GET /2/activity/stream']],
  [50, 50, ['GET /2/users/compliance/stream', 'GET /2/tweets/compliance/stream']],
  // Activity API subscriptions (X publishes no figure in the document: its typical 15-minute window).
  [300, 300, ['POST /2/activity/subscriptions', 'GET /2/activity/subscriptions']],
  [300, 300, ['PUT /2/activity/subscriptions/:subscription_id']],
  [300, 300, ['DELETE /2/activity/subscriptions/:subscription_id', 'DELETE /2/activity/subscriptions']],
];

/**
 * X's published per-15-minute limits for the endpoints the sandbox serves: `app` for app-only
 * Bearer tokens, `user` per user and app. Options may override any of them (e.g. to test 429s, or
 * to let a local demo walk big follower lists quickly).
 */
export const X_RATE_LIMITS: Readonly<Record<string, { app?: number; user: number }>> = Object.fromEntries(
  LIMITS.flatMap(([app, user, endpoints]) =>
    endpoints.map((endpoint) => [endpoint, app === undefined ? { user } : { app, user }]),
  ),
);

export interface RateState {
  limit: number;
  remaining: number;
  /** Unix seconds when the window resets. */
  reset: number;
  allowed: boolean;
}

/** Fixed windows per (endpoint, caller): the first request opens a window, X's way. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly overrides: Partial<Record<string, number>>,
    private readonly windowSeconds: number,
    private readonly now: () => number,
  ) {}

  take(endpoint: string, caller: string, appOnly: boolean): RateState {
    const published = X_RATE_LIMITS[endpoint];
    const limit = this.overrides[endpoint] ?? (appOnly ? published?.app : published?.user) ?? 900;
    const now = this.now();
    const key = `${endpoint} ${caller}`;
    let window = this.windows.get(key);
    if (!window || now >= window.start + this.windowSeconds * 1000) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    const allowed = window.count < limit;
    if (allowed) window.count++;
    return {
      limit,
      remaining: limit - window.count,
      reset: Math.ceil((window.start + this.windowSeconds * 1000) / 1000),
      allowed,
    };
  }
}
