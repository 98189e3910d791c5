import type { AccountSummary, InsightsReport, Share } from './types';
import { populationEstimate } from '@murmur/core/sampling';

// A small, hand-made report with distinctive numbers, for the screen's tests.

/** A fixed ±20 % band, so screens show an interval without recomputing Wilson's here. */
const band = (v: number): [number, number] => [v * 0.8, Math.min(1, v * 1.2)];
const share = (key: string, label: string, s: number, populationShare: number, count = 100): Share => ({
  key,
  label,
  count,
  share: s,
  shareInterval: band(s),
  populationShare,
  affinity: populationShare > 0 ? s / populationShare : null,
  affinityInterval: populationShare > 0 ? band(s / populationShare) : null,
});
const basis = { members: 4200, analysed: 4200, sampled: false, minSupport: 5 };
const sampled = { members: 4200, analysed: 2500, sampled: true, minSupport: 5 };
const account = (n: number, handle: string, name: string): AccountSummary => ({
  account: n,
  id: String(1000 + n),
  handle,
  name,
  followers: 12_345 * n,
  verified: n === 1,
});
const post = (n: number, text: string) => ({
  post: n,
  id: `p${n}`,
  at: '2026-03-04T10:00:00.000Z',
  text,
  author: account(n, `author${n}`, `Author ${n}`),
  likes: 1500 + n,
  reposts: 320 + n,
  replies: 12,
});

export const fixtureReport: InsightsReport = {
  estimate: {
    sample_count: 4200,
    population_estimate: 2_345_678,
    size_bucket: '1M-5M',
    unmatched: [],
    handles_truncated: false,
    figure: populationEstimate(4200, { sampleSize: 100_000, rate: 2_345_678 / 4200 }),
  },
  summary: {
    sampleCount: 4200,
    populationEstimate: 2_345_678,
    sizeBucket: '1M-5M',
    reach: 0.0421,
    verifiedShare: 0.0123,
    medianFollowers: 345,
    posts: 98_765,
  },
  demographics: {
    basis,
    gender: [share('female', 'Female', 0.6234, 0.48), share('male', 'Male', 0.3311, 0.47)],
    ageBands: [share('18-24', '18-24', 0.2718, 0.2)],
    languages: [share('ja', 'Japanese', 0.8123, 0.3)],
    countries: [share('JP', 'Japan', 0.7777, 0.25), share('US', 'United States', 0.1111, 0.3)],
    regions: [share('Kanto, JP', 'Kanto, JP', 0.4567, 0.1)],
  },
  ageGroups: {
    basis,
    bands: [share('18-34', '18-34', 0.5151, 0.4)],
    over: [share('AGE_OVER_18', 'AGE_OVER_18', 0.9191, 0.9)],
    unknown: 12,
  },
  interests: {
    basis: sampled,
    interests: [share('anime', 'Entertainment/Anime', 0.3456, 0.1)],
    distinctive: [share('anime', 'Entertainment/Anime', 0.3456, 0.1)],
  },
  conversationTopics: {
    basis: sampled,
    topics: [share('t1', 'Video games', 0.2345, 0.11)],
    moviesTv: [share('m1', 'Spirited Away', 0.0808, 0.02)],
  },
  influentialAccounts: {
    basis: sampled,
    accounts: [
      {
        ...account(1, 'nhk', 'NHK'),
        followersInAudience: 1200,
        count: 732,
        share: 0.2929,
        shareInterval: band(0.2929),
        populationShare: 0.1,
        affinity: 2.929,
        affinityInterval: band(2.929),
        inAudience: false,
      },
    ],
    distinctive: [
      {
        ...account(2, 'jump', 'Jump'),
        followersInAudience: 800,
        count: 480,
        share: 0.1919,
        shareInterval: band(0.1919),
        populationShare: 0.01,
        affinity: 19.19,
        affinityInterval: band(19.19),
        inAudience: true,
      },
    ],
  },
  communities: {
    basis: sampled,
    nodes: 500,
    edges: 2400,
    modularity: 0.52,
    otherShare: 0.1,
    communities: [
      {
        id: 0,
        name: 'Anime fans',
        size: 123_456,
        share: 0.5,
        coreSize: 200,
        interests: [],
        words: [],
        topAccounts: [{ ...account(3, 'otaku', 'Otaku'), followersInCommunity: 40 }],
      },
      {
        id: 1,
        name: 'Gamers',
        size: 45_678,
        share: 0.4,
        coreSize: 150,
        interests: [],
        words: [],
        topAccounts: [],
      },
    ],
  },
  network: {
    nodes: [
      { ...account(3, 'otaku', 'Otaku'), community: 0, followersInCore: 40 },
      { ...account(4, 'gamer', 'Gamer'), community: 1, followersInCore: 30 },
      { ...account(5, 'loner', 'Loner'), community: -1, followersInCore: 2 },
    ],
    edges: [
      [1, 0],
      [2, 0],
    ],
  },
  topicAnalysis: {
    basis: sampled,
    hashtags: [share('anime', '#anime', 0.1414, 0.02)],
    terms: [share('manga', 'manga', 0.2626, 0.05)],
    distinctiveTerms: [share('isekai', 'isekai', 0.0606, 0.001)],
  },
  contentWall: { posts: [post(6, 'The best opening of the season')], perAuthor: 2, minEngagement: 5 },
  locations: {
    basis,
    countries: [share('JP', 'Japan', 0.7777, 0.25), share('US', 'United States', 0.1111, 0.3)],
    regions: [share('Kanto, JP', 'Kanto, JP', 0.4567, 0.1)],
    cities: [share('Tokyo', 'Tokyo', 0.3232, 0.05)],
  },
  bioWords: {
    basis: sampled,
    words: [share('otaku', 'otaku', 0.1717, 0.01)],
    distinctive: [share('cosplay', 'cosplay', 0.0707, 0.002)],
  },
  jobTitles: {
    basis,
    withTitle: 1234,
    categories: [
      {
        ...share('IT Developer', 'IT Developer', 0.1818, 0.1),
        titles: [share('frontend-developer', 'Frontend developer', 0.0909, 0.03)],
      },
    ],
  },
  devices: {
    basis,
    devices: [share('ios', 'iOS', 0.6565, 0.5)],
    networkOperators: [share('docomo', 'NTT Docomo', 0.3939, 0.2)],
  },
  sampleAccounts: [
    {
      ...account(7, 'sample_one', 'Sample One'),
      bio: 'Loves trains',
      country: 'Japan',
      language: 'Japanese',
    },
  ],
  engagement: {
    basis: sampled,
    mostLikedPosts: [{ ...post(8, 'A liked post'), byAudience: 77 }],
    mostLikedAccounts: [{ ...account(9, 'liked_acct', 'Liked Account'), byAudience: 66 }],
    mostRepostedPosts: [{ ...post(10, 'A reposted post'), byAudience: 55 }],
    mostRepostedAccounts: [{ ...account(11, 'reposted_acct', 'Reposted Account'), byAudience: 44 }],
  },
  ms: 120,
};
