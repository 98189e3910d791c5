import type { AddressInfo } from 'node:net';
import type { LiveEvent } from '@murmur/core/live';
import { createSandboxPlugin, generateNetwork, SANDBOX_DEV_CREDENTIALS } from '@murmur/sandbox';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { createTestDatabase } from '../test/test-database';
import type { CollectorLog, LiveSink } from './collector';
import { createFollowerFetcher } from './follower-fetch';

// The sandbox over real HTTP, with X's followers limit cut to 2 calls per 2-second window so that
// the fetch must wait for X's reset (headers) and, once, answer a 429.
const network = generateNetwork({ accounts: 2000, seed: 'follower-fetch', historyDays: 2 });
const sandbox = Fastify();
let base: string;
let database: Database;
beforeAll(async () => {
  await sandbox.register(
    createSandboxPlugin({
      network,
      x: { rateLimits: { 'GET /2/users/:id/followers': 2 }, rateLimitWindowSeconds: 2 },
    }),
    { prefix: '/sandbox' },
  );
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}/sandbox/x/2/`;
  database = await createTestDatabase();
});
afterAll(async () => {
  await sandbox.close();
  await database.close();
});

const log: CollectorLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const bearerToken = SANDBOX_DEV_CREDENTIALS.x.bearerToken;

/** A public account with between `min` and `max` followers. */
const accountWith = (min: number, max: number, skip = 0) => {
  const { accounts, graph } = network;
  let found = 0;
  for (let a = 0; a < accounts.handles.length; a++) {
    const n = graph.inDegree[a]!;
    if (n >= min && n <= max && found++ === skip)
      return {
        handle: accounts.handles[a]!,
        id: accounts.ids[a]!.toString(),
        followers: graph.followers(a).map((f) => accounts.ids[f]!.toString()),
      };
  }
  throw new Error('no such account');
};

const collecting = (onAppend?: (events: readonly LiveEvent[]) => void) => {
  const events: LiveEvent[] = [];
  const sink: LiveSink = {
    append: (batch) => {
      events.push(...batch);
      onAppend?.(batch);
      return Promise.resolve();
    },
  };
  return { events, sink };
};

const followsTo = (events: LiveEvent[], id: string) =>
  events.flatMap((e) => (e.type === 'follow' && e.to === id ? [e.from] : []));

describe('the follower fetch', () => {
  it('reads every follower page by page, waiting out X’s rate limit, and reports progress', async () => {
    const target = accountWith(250, 400);
    const { events, sink } = collecting();
    const fetcher = createFollowerFetcher({
      db: database.db,
      sink,
      log,
      baseUrl: base,
      bearerToken,
      pageSize: 100,
    });
    const started = await fetcher.start(target.handle);
    expect(started).toMatchObject({
      handle: target.handle,
      xUserId: target.id,
      state: 'running',
      total: target.followers.length,
    });
    await fetcher.idle();

    expect(await fetcher.status(`@${target.handle.toUpperCase()}`)).toMatchObject({
      state: 'done',
      progress: 100,
      fetched: target.followers.length,
    });
    const follows = followsTo(events, target.id);
    expect(follows.sort()).toEqual([...target.followers].sort());
    const keys = events.map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
    // The account itself first, then each follower's user object before its follow.
    expect(events[0]).toMatchObject({ type: 'user', user: { id: target.id, handle: target.handle } });
    expect(events.filter((e) => e.type === 'user')).toHaveLength(target.followers.length + 1);
    // Asked again: nothing new is fetched.
    expect(await fetcher.start(target.handle)).toMatchObject({ state: 'done' });
    await fetcher.idle();
    expect(events).toHaveLength(keys.length);
  }, 30_000);

  it('answers a 429 by waiting until x-rate-limit-reset', async () => {
    const target = accountWith(120, 190, 1);
    // Someone else spends the window first.
    for (let i = 0; i < 2; i++)
      await fetch(`${base}users/${target.id}/followers?max_results=5`, {
        headers: { authorization: `Bearer ${bearerToken}` },
      });
    const { events, sink } = collecting();
    const waits: number[] = [];
    const fetcher = createFollowerFetcher({
      db: database.db,
      sink,
      log: { ...log, info: (obj) => waits.push((obj as { waitMs: number }).waitMs) },
      baseUrl: base,
      bearerToken,
      pageSize: 1000,
    });
    await fetcher.start(target.handle);
    await fetcher.idle();
    expect(followsTo(events, target.id).sort()).toEqual([...target.followers].sort());
    expect(await fetcher.status(target.handle)).toMatchObject({ state: 'done' });
    // One page of 1 000 holds them all: the only wait is the 429's.
    expect(waits).toHaveLength(1);
  }, 30_000);

  it('resumes after a restart at the page it had not finished', async () => {
    const target = accountWith(250, 400, 2);
    let stopped: Promise<void> | undefined;
    let down!: () => void;
    const wentDown = new Promise<void>((resolve) => (down = resolve));
    const before = collecting((batch) => {
      // The server goes down right after the first page of followers.
      if (batch.some((e) => e.type === 'follow') && !stopped) stopped = first.stop().then(down);
    });
    const first = createFollowerFetcher({
      db: database.db,
      sink: before.sink,
      log,
      baseUrl: base,
      bearerToken,
      pageSize: 100,
    });
    await first.start(target.handle);
    await wentDown;
    const halfway = await first.status(target.handle);
    expect(halfway).toMatchObject({ state: 'running', fetched: 100 });
    expect(halfway!.progress).toBeGreaterThan(0);
    expect(halfway!.progress).toBeLessThan(100);

    const after = collecting();
    const second = createFollowerFetcher({
      db: database.db,
      sink: after.sink,
      log,
      baseUrl: base,
      bearerToken,
      pageSize: 100,
    });
    expect(await second.resume()).toBe(1);
    await second.idle();
    const all = [...before.events, ...after.events];
    const follows = followsTo(all, target.id);
    expect(follows.sort()).toEqual([...target.followers].sort());
    expect(new Set(all.map((e) => e.key)).size).toBe(all.length);
    expect(await second.status(target.handle)).toMatchObject({
      state: 'done',
      fetched: target.followers.length,
    });
  }, 30_000);

  it('says when X knows no such account', async () => {
    const fetcher = createFollowerFetcher({
      db: database.db,
      sink: collecting().sink,
      log,
      baseUrl: base,
      bearerToken,
    });
    await expect(fetcher.start('no_such_handle_x')).rejects.toMatchObject({ status: 404 });
    expect(await fetcher.status('no_such_handle_x')).toBeNull();
  });
});
