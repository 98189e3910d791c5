// The synthetic export both live benchmarks index (bench:live-apply, live-thread-profile): N accounts with
// a bio of two words, 20 random follows each and 3 posts per account, drawn from `rand` (the caller goes on
// drawing its live events from the same generator, so the figures stay those of the runs recorded).
import { FIXTURE_CATALOGUES } from '../../packages/engine/src/testing/fixture-catalogues';

export function syntheticNetwork(N: number, rand: () => number) {
  const WORDS = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}x`);
  const LANGS = ['en', 'en', 'ja', 'es', 'fr'];
  const word = () => WORDS[Math.floor(rand() * WORDS.length)]!;

  function* records() {
    yield { format: 'murmur-sandbox-export', version: 1, seed: 't', accounts: N, scale: 1 };
    yield* FIXTURE_CATALOGUES;
    for (let n = 0; n < N; n++)
      yield {
        type: 'account',
        n,
        id: String(1e7 + n),
        handle: `u${n}`,
        name: 'x',
        bio: `${WORDS[n % 5000]} ${word()}`,
        country: 'US',
        region: 'California',
        city: 'San Francisco',
        lang: LANGS[n % LANGS.length],
        device: n % 2 ? 'ios' : 'android',
        interests: [n % 3 ? '20005' : '20006'],
      };
    for (let n = 0; n < N; n++)
      yield { type: 'following', n, to: Array.from({ length: 20 }, () => Math.floor(rand() * N)) };
    for (let p = 0; p < N * 3; p++)
      yield {
        type: 'post',
        n: p,
        id: String(1e9 + p),
        author: Math.floor(rand() * N),
        text: `${word()} ${word()} hello`,
        hashtags: [],
        likes: 0,
        reposts: 0,
        replies: 0,
        likedBy: [],
        repostedBy: [],
      };
  }
  return { WORDS, LANGS, word, records };
}
