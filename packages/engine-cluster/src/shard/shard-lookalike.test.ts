import { describe, expect, it } from 'vitest';
import {
  AccountSet,
  buildShard,
  inMemoryEngine,
  lookalike,
  ShardInsights,
  ShardLookalike,
  type Lookalike,
  type LookalikeOptions,
} from '@murmur/engine';
import {
  fixtureIndex,
  fixtureLines,
  type Fixture,
  type FixtureAccount,
  type FixturePost,
} from '@murmur/engine/testing';
import { connect } from '@nats-io/transport-node';
import { startNats } from './nats-server';
import { serveShard } from './shard-service';
import { ShardedEngine } from './sharded-engine';

const ACCOUNTS = 900;
const COMMUNITIES = 5;
const INTERESTS = ['20005', '20006', '22001', '22002', '9001'];
const TAGS = ['espresso', 'f1', 'manga', 'cricket', 'stars'];
const WORDS = ['coffee', 'race', 'anime', 'wicket', 'telescope', 'weather', 'news'];

/**
 * A random network (fixed seed) with communities (n mod 5) the engine does not index: members
 * follow their community's hubs (accounts 0–49) more, hold its interest and use its hashtag more,
 * so a seed drawn from one community has features that set it apart, and ties between candidates
 * (equal scores) are common: the shards must rank and break ties as one engine does.
 */
function network(): Fixture {
  let state = 7;
  const random = () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const accounts: FixtureAccount[] = [];
  const posts: FixturePost[] = [];
  for (let n = 0; n < ACCOUNTS; n++) {
    const c = n % COMMUNITIES;
    const follows = new Set<number>();
    const count = 2 + Math.floor(random() * 6);
    for (let k = 0; k < count; k++) {
      const hub = Math.floor(random() * 10) * COMMUNITIES + (random() < 0.7 ? c : pick([0, 1, 2, 3, 4]));
      if (hub !== n) follows.add(hub);
    }
    if (random() < 0.3) follows.add(Math.floor(random() * ACCOUNTS));
    follows.delete(n);
    accounts.push({
      n,
      handle: `user${n}`,
      country: random() < 0.6 ? 'US' : pick(['JP', 'GB']),
      lang: random() < 0.7 ? 'en' : 'ja',
      interests: random() < 0.6 ? [INTERESTS[c]!] : [pick(INTERESTS)],
      follows: [...follows],
    });
    if (random() < 0.5) {
      const tag = random() < 0.6 ? TAGS[c]! : pick(TAGS);
      posts.push({ author: n, text: `${pick(WORDS)} ${pick(WORDS)} #${tag}`, hashtags: [tag] });
    }
  }
  return { accounts, posts };
}

/** A result without its timing, as plain data. */
const plain = (l: Lookalike) => ({ ...l, ms: 0, ranked: Array.from(l.ranked) });

describe('lookalike through the shards', () => {
  it("equals the single engine's result: recall, ranking, samples and reasons", async () => {
    const fixture = network();
    const index = await fixtureIndex(fixture);
    // 60 members of community 2 outside the hubs.
    const seed = Array.from({ length: ACCOUNTS }, (_, n) => n)
      .filter((n) => n >= 50 && n % COMMUNITIES === 2)
      .slice(0, 60);
    const cases: LookalikeOptions[] = [
      {},
      { country: 'US', sizes: [5, 10] },
      { evaluate: false, samples: 5 },
    ];
    const expected = cases.map((options) =>
      lookalike(index, AccountSet.fromNumbers(index.size, seed), options),
    );
    // Not trivial: held-out members are found, reasons are given, two followed accounts are said
    // together somewhere, and the ranking is long (most candidates share something with the seed).
    expect(expected[0]!.sizes.some((s) => (s.recall ?? 0) > 0)).toBe(true);
    expect(expected[0]!.samples.every((s) => s.reasons.length > 0)).toBe(true);
    expect(expected.flatMap((e) => e.samples.flatMap((s) => s.reasons)).some((r) => r.also.length > 0)).toBe(
      true,
    );
    expect(expected[0]!.ranked.length).toBeGreaterThan(80);

    const lines = fixtureLines(fixture).map((l) => `${l}\n`);
    const nats = await startNats();
    const nc = await connect({ servers: nats.url });
    const services: { close(): Promise<void> }[] = [];
    try {
      const shards = 3;
      for (let shard = 0; shard < shards; shard++) {
        const built = await buildShard(lines, { shard, shards });
        services.push(
          serveShard({
            nc,
            engine: inMemoryEngine(built.index),
            shard,
            shards,
            insights: new ShardInsights(built.index, built.termOrder),
            lookalike: new ShardLookalike(built.index, { shard, shards }),
          }),
        );
      }
      const sharded = await ShardedEngine.open({ nc, shards, timeoutMs: 10_000 });
      for (const [k, options] of cases.entries()) {
        // The seed in any order, with a repeat: the same seed.
        const result = await sharded.lookalike([...seed].reverse().concat(seed[0]!), options);
        expect(plain(result)).toEqual(plain(expected[k]!));
      }
    } finally {
      for (const s of services) await s.close();
      await nc.close();
      await nats.stop();
    }
  }, 60_000);
});
