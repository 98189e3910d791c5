/**
 * The live path's production bootstrap (docs/LIVE.md): "followers of @handle" for an account the
 * index has not seen reads its followers once through X's `GET /2/users/:id/followers` (app-only
 * bearer token, 1 000 a page) and appends them to the live log as `user` events for the followers
 * and `follow` events for the edges; afterwards the Activity API keeps them current.
 *
 * X's rate limits are obeyed: a 429 waits until `x-rate-limit-reset`, and a page that leaves
 * `x-rate-limit-remaining` at 0 waits for the reset before the next one. Progress is a row of
 * `follower_fetches` written after every appended page, so a restarted server resumes at the page
 * it had not finished (`resume()`), and the follow events of a re-read page carry the same keys.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import { Agent } from 'node:http';
import type { LiveEvent, LiveUser } from '@murmur/core/live';
import { eq, sql } from 'drizzle-orm';
import { ApiResponseError, TwitterApi } from 'twitter-api-v2';
import { z } from 'zod';
import type { Db } from '../db/database';
import { followerFetches } from '../db/schema';
import type { CollectorLog, LiveSink } from './collector';
import { liveUser } from './translate';

const USER_FIELDS = 'created_at,description,location,protected,public_metrics,verified';

export interface FollowerFetchView {
  handle: string;
  xUserId: string;
  state: 'running' | 'done' | 'failed';
  fetched: number;
  total: number;
  /** 0–100; 100 only when done. */
  progress: number;
  error: string | null;
}

export interface FollowerFetcherOptions {
  db: Db;
  sink: LiveSink;
  log: CollectorLog;
  /** X API v2 base ending in /2/ (X_STREAM_URL). */
  baseUrl: string;
  bearerToken: string;
  /** Followers per page (X: 1 … 1000). */
  pageSize?: number;
  now?: () => number;
}

export class FollowerFetchError extends Error {
  constructor(
    message: string,
    readonly status: 404 | 502,
  ) {
    super(message);
  }
}

const xUserSchema = z.object({ id: z.string(), username: z.string() }).passthrough();
const lookupSchema = z.object({ data: xUserSchema });
const pageSchema = z.object({
  data: z.array(z.unknown()).optional(),
  meta: z.object({ next_token: z.string().optional(), result_count: z.number().optional() }).optional(),
});

const userOf = (raw: unknown): LiveUser | undefined => {
  // The same lenient reading as the streams' user objects.
  const parsed = z
    .object({
      id: z.string().regex(/^[0-9]{1,19}$/),
      username: z.string().min(1),
      name: z.string().nullish(),
      description: z.string().nullish(),
      location: z.string().nullish(),
      created_at: z.string().nullish(),
      protected: z.boolean().nullish(),
      verified: z.boolean().nullish(),
      public_metrics: z
        .object({
          followers_count: z.number().nullish(),
          following_count: z.number().nullish(),
          post_count: z.number().nullish(),
          tweet_count: z.number().nullish(),
        })
        .nullish(),
    })
    .safeParse(raw);
  if (!parsed.success) return undefined;
  const u = parsed.data;
  return liveUser({
    ...u,
    name: u.name ?? '',
    description: u.description ?? '',
    location: u.location ?? '',
    created_at: u.created_at ?? '',
    protected: u.protected ?? false,
    verified: u.verified ?? false,
  });
};

const view = (row: typeof followerFetches.$inferSelect): FollowerFetchView => ({
  handle: row.handle,
  xUserId: row.xUserId,
  state: row.state,
  fetched: row.fetched,
  total: row.total,
  progress:
    row.state === 'done'
      ? 100
      : row.total > 0
        ? Math.min(99, Math.floor((100 * row.fetched) / row.total))
        : 0,
  error: row.error,
});

export function createFollowerFetcher(options: FollowerFetcherOptions) {
  const { db, sink, log } = options;
  const now = options.now ?? Date.now;
  const pageSize = options.pageSize ?? 1000;
  const client = new TwitterApi(
    options.bearerToken,
    options.baseUrl.startsWith('http:') ? { httpAgent: new Agent({ keepAlive: true }) } : {},
  );
  const stopping = new AbortController();
  const running = new Map<string, Promise<void>>();

  /** One X call, waiting out X's rate limit (429 → until x-rate-limit-reset) as often as X asks. */
  async function call(path: string, query: Record<string, string | number>): Promise<unknown> {
    for (let failures = 0; ;) {
      try {
        const res = await client.v2.get<unknown>(path, query, {
          prefix: options.baseUrl,
          fullResponse: true,
        });
        if (res.rateLimit && res.rateLimit.remaining <= 0) await waitUntil(res.rateLimit.reset * 1000, path);
        return res.data;
      } catch (error) {
        if (error instanceof ApiResponseError && error.code === 429) {
          await waitUntil((error.rateLimit?.reset ?? now() / 1000 + 60) * 1000, path);
          continue;
        }
        if (error instanceof ApiResponseError && error.code >= 400 && error.code < 500) throw error;
        // X unreachable or a 5xx: try again a few times, then the fetch fails (a new request resumes it).
        if (++failures >= 5) throw error;
        await sleep(Math.min(30_000, 500 * 2 ** failures), undefined, { signal: stopping.signal });
      }
    }
  }

  async function waitUntil(resetMs: number, path: string) {
    const wait = Math.max(0, resetMs - now()) + 250;
    log.info({ path, waitMs: wait }, 'live: X rate limit reached, waiting for its reset');
    await sleep(wait, undefined, { signal: stopping.signal });
  }

  async function row(xUserId: string) {
    const [found] = await db.select().from(followerFetches).where(eq(followerFetches.xUserId, xUserId));
    return found;
  }

  async function run(xUserId: string): Promise<void> {
    let current = await row(xUserId);
    while (current && current.state === 'running' && !stopping.signal.aborted) {
      const at = current.startedAt.getTime();
      const data = pageSchema.parse(
        await call(`users/${xUserId}/followers`, {
          max_results: pageSize,
          'user.fields': USER_FIELDS,
          ...(current.nextToken && { pagination_token: current.nextToken }),
        }),
      );
      const followers = (data.data ?? []).flatMap((u) => {
        const user = userOf(u);
        return user ? [user] : [];
      });
      const events: LiveEvent[] = followers.flatMap((user): LiveEvent[] => [
        { type: 'user', key: `user:${user.id}:${at}`, at, user },
        { type: 'follow', key: `follow:${user.id}:${xUserId}:${at}`, at, from: user.id, to: xUserId },
      ]);
      if (events.length > 0) await sink.append(events);
      const next = data.meta?.next_token ?? null;
      [current] = await db
        .update(followerFetches)
        .set({
          nextToken: next,
          fetched: current.fetched + followers.length,
          state: next ? 'running' : 'done',
          updated: new Date(now()),
        })
        .where(eq(followerFetches.id, current.id))
        .returning();
    }
  }

  function launch(xUserId: string): void {
    if (running.has(xUserId)) return;
    const work = run(xUserId)
      .catch(async (error: unknown) => {
        if (stopping.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        log.error({ err: error, xUserId }, 'live: follower fetch failed');
        await db
          .update(followerFetches)
          .set({ state: 'failed', error: message.slice(0, 500), updated: new Date(now()) })
          .where(eq(followerFetches.xUserId, xUserId));
      })
      .finally(() => running.delete(xUserId));
    running.set(xUserId, work);
  }

  return {
    /**
     * Starts reading @handle's followers, or reports the fetch already made or under way (a failed
     * one resumes where it stopped).
     * @throws FollowerFetchError 404 when X knows no such account, 502 when X cannot be asked.
     */
    async start(handle: string): Promise<FollowerFetchView> {
      let lookup: z.infer<typeof lookupSchema>;
      try {
        lookup = lookupSchema.parse(
          await call(`users/by/username/${encodeURIComponent(handle)}`, { 'user.fields': USER_FIELDS }),
        );
      } catch (error) {
        if (error instanceof ApiResponseError && (error.code === 404 || error.code === 400))
          throw new FollowerFetchError(`No X account @${handle}`, 404);
        if (error instanceof z.ZodError) throw new FollowerFetchError(`No X account @${handle}`, 404);
        throw new FollowerFetchError(`X could not be asked for @${handle}`, 502);
      }
      const account = userOf(lookup.data);
      if (!account) throw new FollowerFetchError(`No X account @${handle}`, 404);
      await db
        .insert(followerFetches)
        .values({
          xUserId: account.id,
          handle: account.handle,
          total: account.followers,
          startedAt: new Date(now()),
        })
        .onConflictDoNothing();
      const existing = (await row(account.id))!;
      if (existing.state === 'failed')
        await db
          .update(followerFetches)
          .set({ state: 'running', error: null, updated: new Date(now()) })
          .where(eq(followerFetches.id, existing.id));
      if (existing.state !== 'done') {
        // The account itself first, so the index knows whom the follows point at.
        const at = existing.startedAt.getTime();
        await sink.append([{ type: 'user', key: `user:${account.id}:${at}`, at, user: account }]);
        launch(account.id);
      }
      return view((await row(account.id))!);
    },

    /** The fetch of @handle's followers, or null when none was asked for. */
    async status(handle: string): Promise<FollowerFetchView | null> {
      const name = handle.replace(/^@/, '').toLowerCase();
      const [found] = await db
        .select()
        .from(followerFetches)
        .where(sql`lower(${followerFetches.handle}) = ${name}`);
      return found ? view(found) : null;
    },

    /** After a restart: carries on every fetch that was under way. */
    async resume(): Promise<number> {
      const rows = await db.select().from(followerFetches).where(eq(followerFetches.state, 'running'));
      for (const r of rows) launch(r.xUserId);
      return rows.length;
    },

    /** Resolves when every fetch under way has finished (or failed). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running.values()]);
    },

    /** Stops every fetch between pages; their rows stay `running` for `resume()`. */
    async stop(): Promise<void> {
      stopping.abort();
      await Promise.allSettled([...running.values()]);
    },
  };
}

export type FollowerFetcher = ReturnType<typeof createFollowerFetcher>;
