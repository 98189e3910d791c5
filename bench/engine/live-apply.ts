// Quick apply() throughput at N accounts (not a test): posts/s, likes/s, follows/s.
import type { LiveEvent } from '@murmur/core/live';
import { buildIndex } from '../../packages/engine/src/ingest/build-index';
import { FIXTURE_CATALOGUES } from '../../packages/engine/src/testing/fixture-catalogues';
import { seededRandom } from '../../packages/engine/src/testing/random';
import { LIVE_BUILD_OPTIONS, liveEngine } from '../../packages/engine/src/live/live-engine';

const N = Number(process.argv[2] ?? 100_000);
const rand = seededRandom(1);
const WORDS = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}x`);
function* records() {
  yield { format: 'murmur-sandbox-export', version: 1, seed: 't', accounts: N, scale: 1 };
  yield* FIXTURE_CATALOGUES;
  for (let n = 0; n < N; n++)
    yield {
      type: 'account',
      n,
      id: String(1e6 + n),
      handle: `u${n}`,
      name: 'x',
      bio: WORDS[n % 5000],
      country: 'US',
      region: 'California',
      city: 'San Francisco',
      lang: 'en',
      device: 'ios',
      interests: ['20005'],
    };
  for (let n = 0; n < N; n++)
    yield { type: 'following', n, to: Array.from({ length: 20 }, () => Math.floor(rand() * N)) };
  for (let p = 0; p < N * 3; p++)
    yield {
      type: 'post',
      n: p,
      id: String(1e8 + p),
      author: Math.floor(rand() * N),
      text: `${WORDS[Math.floor(rand() * 5000)]} ${WORDS[Math.floor(rand() * 5000)]} hello`,
      hashtags: [],
      likes: 0,
      reposts: 0,
      replies: 0,
      likedBy: [],
      repostedBy: [],
    };
}
const t0 = performance.now();
const engine = liveEngine(await buildIndex(records(), LIVE_BUILD_OPTIONS));
console.log(`N=${N} build+live ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const acct = () => String(1e6 + Math.floor(rand() * N));
let postId = 5e8;
const batch = 10_000;
const kinds: Record<string, () => LiveEvent> = {
  posts: () => {
    const id = String(postId++);
    return {
      type: 'post',
      key: `post:${id}`,
      at: 1,
      post: {
        id,
        author: acct(),
        created: '',
        lang: 'en',
        text: `${WORDS[Math.floor(rand() * 5000)]} live words`,
        hashtags: ['tag'],
        mentions: [],
        replyTo: null,
        repostOf: null,
        quoteOf: null,
      },
    };
  },
  likes: () => {
    const post = String(1e8 + Math.floor(rand() * N * 3));
    const user = acct();
    return { type: 'like', key: `like:${user}:${post}`, at: 1, user, post, author: '' };
  },
  follows: () => {
    const from = acct();
    const to = acct();
    return { type: 'follow', key: `follow:${from}:${to}:${rand()}`, at: 1, from, to };
  },
};
for (const [kind, make] of Object.entries(kinds)) {
  const rates: number[] = [];
  for (let round = 0; round < 3; round++) {
    const events = Array.from({ length: batch }, make);
    const s = performance.now();
    engine.apply(events);
    rates.push(batch / ((performance.now() - s) / 1000));
  }
  console.log(`${kind}: ${rates.map((r) => Math.round(r)).join(' / ')} per s (batches of ${batch})`);
}
const s = performance.now();
engine.compact();
console.log(
  `compact ${(performance.now() - s).toFixed(0)} ms; delta after: ${engine.liveStats().deltaBytes}`,
);
