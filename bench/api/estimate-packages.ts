// The packages of the uncached estimate case: every English lexicon word of the sandbox as a
// keyword × 8 languages × 5 ages (several thousand distinct packages, each a real search with
// matches), sent in turn so that no recent answer can be reused: the server keeps at most
// ESTIMATE_CACHE.max of them (apps/server/src/engine/estimate-cache.ts), and an LRU cycled over more
// keys than it holds never hits.
import { EN } from '../../apps/sandbox/src/lexicon/en';

const LANGUAGES = ['en', 'ja', 'es', 'pt', 'fr', 'de', 'ar', 'ko'];
const AGES = ['AGE_OVER_18', 'AGE_OVER_21', 'AGE_OVER_25', 'AGE_OVER_35', 'AGE_OVER_50'];
const WORDS = [...new Set(Object.values(EN.words).flatMap((list) => list.split('|')))];

export const DISTINCT_PACKAGES = WORDS.length * LANGUAGES.length * AGES.length;

/** A request body for build-audience: the n-th package, modulo DISTINCT_PACKAGES. */
export function estimateBody(n: number) {
  const i = n % DISTINCT_PACKAGES;
  return {
    targeting_package: {
      keywords: [{ label: WORDS[i % WORDS.length]! }],
      languages: [{ label: LANGUAGES[Math.floor(i / WORDS.length) % LANGUAGES.length]! }],
      age: [AGES[Math.floor(i / (WORDS.length * LANGUAGES.length)) % AGES.length]!],
    },
  };
}
