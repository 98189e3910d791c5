/**
 * X's published per-15-minute limits for the endpoints the sandbox serves: `app` for app-only
 * Bearer tokens, `user` per user and app. Options may override any of them (e.g. to test 429s, or
 * to let a local demo walk big follower lists quickly).
 */
export const X_RATE_LIMITS: Readonly<Record<string, { app?: number; user: number }>> = {
  'GET /2/users/by/username/:username': { app: 300, user: 900 },
  'GET /2/users/by': { app: 300, user: 900 },
  'GET /2/users/:id': { app: 300, user: 900 },
  'GET /2/users': { app: 300, user: 900 },
  'GET /2/users/me': { user: 75 },
  'GET /2/users/:id/followers': { app: 15, user: 15 },
  'GET /2/users/:id/following': { app: 15, user: 15 },
  'POST /2/users/:id/following': { user: 50 },
  'DELETE /2/users/:source_user_id/following/:target_user_id': { user: 50 },
  'GET /2/users/:id/tweets': { app: 1500, user: 900 },
  'GET /2/tweets/search/recent': { app: 450, user: 180 },
  'GET /2/tweets/:id': { app: 450, user: 900 },
  'GET /2/tweets': { app: 450, user: 900 },
  'GET /2/users/:id/mentions': { app: 450, user: 300 },
  'GET /2/users/:id/liked_tweets': { app: 75, user: 75 },
  'GET /2/tweets/:id/quote_tweets': { app: 75, user: 75 },
  'GET /2/tweets/counts/recent': { app: 300, user: 300 },
  'GET /2/tweets/:id/liking_users': { user: 75 },
  'GET /2/tweets/:id/retweeted_by': { app: 75, user: 75 },
  'POST /2/lists': { user: 300 },
  'PUT /2/lists/:id': { user: 300 },
  'DELETE /2/lists/:id': { user: 300 },
  'GET /2/lists/:id': { app: 75, user: 75 },
  'GET /2/users/:id/owned_lists': { app: 15, user: 15 },
  'GET /2/lists/:id/members': { app: 900, user: 900 },
  'POST /2/lists/:id/members': { user: 300 },
  'DELETE /2/lists/:id/members/:user_id': { user: 300 },
  // Streams: connection attempts per app (X: 50 per 15 minutes for the firehoses and compliance).
  'GET /2/tweets/firehose/stream': { app: 50, user: 50 },
  'GET /2/likes/firehose/stream': { app: 50, user: 50 },
  'GET /2/users/compliance/stream': { app: 50, user: 50 },
  'GET /2/tweets/compliance/stream': { app: 50, user: 50 },
  'GET /2/activity/stream': { app: 50, user: 50 },
  // Activity API subscriptions (X publishes no figure in the document: its typical 15-minute window).
  'POST /2/activity/subscriptions': { app: 300, user: 300 },
  'GET /2/activity/subscriptions': { app: 300, user: 300 },
  'PUT /2/activity/subscriptions/:subscription_id': { app: 300, user: 300 },
  'DELETE /2/activity/subscriptions/:subscription_id': { app: 300, user: 300 },
  'DELETE /2/activity/subscriptions': { app: 300, user: 300 },
};

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
