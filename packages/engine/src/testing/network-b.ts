import type { Fixture, FixtureAccount } from './fixture';

const clique = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);
const others = (n: number, group: number[]) => group.filter((m) => m !== n);
const A = clique(0, 4);
const B = clique(5, 9);

const physicist = (n: number): FixtureAccount => ({
  n,
  gender: 'male',
  age: n < 2 ? '18-20' : '25-34',
  interests: ['20005'],
  bio: 'Physics telescope stars',
  device: 'ios',
  job: n < 2 ? 'engineer' : null,
  jobCategory: n < 2 ? 'IT/Tech' : null,
  // 4 is the bridge: it also follows 5.
  follows: n === 4 ? [...others(n, A), 5] : others(n, A),
});

const footballer = (n: number): FixtureAccount => ({
  n,
  country: 'JP',
  region: 'Chiba',
  city: 'Chiba',
  metro: null,
  lang: 'ja',
  gender: 'female',
  age: '35-49',
  interests: ['22001'],
  bio: 'Soccer goals fans',
  device: 'android',
  job: n === 5 ? 'teacher' : n === 6 ? 'professor' : null,
  jobCategory: n === 5 || n === 6 ? 'Education' : null,
  follows: others(n, B),
});

/**
 * Two five-account cliques (0–4 physicists in the US, 5–9 footballers in Japan) joined by one
 * follow (4 → 5), and two outsiders in Mexico (10 follows 0; 11 follows 0 and 5).
 */
export const NETWORK_B: Fixture = {
  accounts: [
    ...A.map(physicist),
    ...B.map(footballer),
    {
      n: 10,
      country: 'MX',
      region: 'Jalisco',
      city: 'Guadalajara',
      metro: null,
      lang: 'es',
      interests: ['9001'],
      bio: 'Coffee',
      device: 'desktop',
      follows: [0],
    },
    {
      n: 11,
      country: 'MX',
      region: 'Jalisco',
      city: 'Guadalajara',
      metro: null,
      lang: 'es',
      interests: ['9001'],
      bio: 'Coffee',
      device: 'desktop',
      follows: [0, 5],
    },
  ],
  posts: [
    { author: 5, text: 'Goal! #soccer', hashtags: ['#soccer'], likedBy: [6, 7, 8], repostedBy: [9] },
    { author: 0, text: 'New telescope photos #stars', hashtags: ['#stars'], likedBy: [1, 2] },
    { author: 10, text: 'Coffee time', likedBy: [0, 5, 11] },
    { author: 1, text: 'Quiet day' },
  ],
};

export const CLIQUE_A = A;
export const CLIQUE_B = B;
