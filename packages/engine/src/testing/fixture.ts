// Hand-built networks for tests: small enough to know every answer, written as the sandbox's
// bulk export (NDJSON) so the tests go through the real parser.
import type { BuildOptions } from '../ingest/record-sink';
import { buildIndex } from '../ingest/build-index';
import type { AudienceIndex } from '../postings/audience-index';
import { FIXTURE_CATALOGUES } from './fixture-catalogues';

export interface FixtureAccount {
  n: number;
  handle?: string;
  bio?: string;
  country?: string;
  region?: string;
  city?: string;
  metro?: string | null;
  lang?: string;
  gender?: 'male' | 'female' | 'unknown' | null;
  age?: string | null;
  job?: string | null;
  jobCategory?: string | null;
  device?: string;
  operator?: string | null;
  interests?: string[];
  topics?: string[];
  movies?: string[];
  verified?: boolean;
  follows?: number[];
}

export interface FixturePost {
  author: number;
  text?: string;
  hashtags?: string[];
  likedBy?: number[];
  repostedBy?: number[];
  replies?: number;
}

export interface Fixture {
  accounts: FixtureAccount[];
  posts?: FixturePost[];
  scale?: number;
  /** Extra records inserted after the accounts (unknown types, lists …). */
  extra?: object[];
}

function accountRecord(a: FixtureAccount): object {
  return {
    type: 'account',
    n: a.n,
    id: String(1000 + a.n),
    handle: a.handle ?? `user${a.n}`,
    name: `User ${a.n}`,
    bio: a.bio ?? '',
    location: '',
    country: a.country ?? 'US',
    region: a.region ?? 'California',
    city: a.city ?? 'San Francisco',
    metro: a.metro === undefined ? 'San Francisco-Oakland-San Jose CA' : a.metro,
    lang: a.lang ?? 'en',
    gender: a.gender ?? null,
    age: a.age ?? null,
    job: a.job ?? null,
    jobCategory: a.jobCategory ?? null,
    created: '2020-01-01T00:00:00Z',
    verified: a.verified ?? false,
    protected: false,
    followers: 0,
    following: (a.follows ?? []).length,
    posts: 0,
    device: a.device ?? 'ios',
    operator: a.operator ?? null,
    interests: a.interests ?? [],
    topics: a.topics ?? [],
    movies: a.movies ?? [],
    avatar: { kind: 'initials', initials: 'U' },
    community: 0,
    kind: 'person',
  };
}

function postRecord(p: FixturePost, n: number): object {
  const likedBy = (p.likedBy ?? []).map((a) => [a, 60]);
  const repostedBy = (p.repostedBy ?? []).map((a) => [a, 60]);
  return {
    type: 'post',
    n,
    id: String(5000 + n),
    author: p.author,
    at: '2026-07-01T00:00:00Z',
    lang: 'en',
    text: p.text ?? '',
    hashtags: p.hashtags ?? [],
    mentions: [],
    replyTo: null,
    likes: likedBy.length,
    reposts: repostedBy.length,
    replies: p.replies ?? 0,
    likedBy,
    repostedBy,
    repliedBy: [],
  };
}

/** The fixture as export lines: header, catalogues, accounts, extras, follows, posts, trailer. */
export function fixtureLines(fixture: Fixture): string[] {
  const header = {
    format: 'murmur-sandbox-export',
    version: 1,
    seed: 'test',
    accounts: fixture.accounts.length,
    scale: fixture.scale ?? 1000,
  };
  const records: object[] = [
    header,
    ...FIXTURE_CATALOGUES,
    ...fixture.accounts.map(accountRecord),
    ...(fixture.extra ?? []),
    ...fixture.accounts
      .filter((a) => (a.follows ?? []).length > 0)
      .map((a) => ({ type: 'following', n: a.n, to: a.follows })),
    ...(fixture.posts ?? []).map(postRecord),
  ];
  records.push({ type: 'end', records: records.length + 1 });
  return records.map((r) => JSON.stringify(r));
}

/** Builds the fixture's index, one line per chunk. */
export function fixtureIndex(fixture: Fixture, options?: BuildOptions): Promise<AudienceIndex> {
  return buildIndex(
    fixtureLines(fixture).map((line) => `${line}\n`),
    options,
  );
}

/** Accounts 0 … count-1 with the given fields. */
export const accounts = (
  count: number,
  fields: (n: number) => Partial<FixtureAccount> = () => ({}),
): FixtureAccount[] => Array.from({ length: count }, (_, n) => ({ n, ...fields(n) }));
