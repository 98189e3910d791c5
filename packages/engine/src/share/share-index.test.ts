import { beforeAll, describe, expect, it } from 'vitest';
import {
  engineFromShared,
  inMemoryEngine,
  shareEngine,
  type AudienceEngine,
  type SharedEngine,
} from '../engine';
import type { AudienceIndex } from '../postings/audience-index';
import { accounts, fixtureIndex, type Fixture } from '../testing/fixture';
import { pkg } from '../testing/network-a';
import { accountSetFromShared, indexFromShared, shareIndex, toSharedAccountSet } from './share-index';

const INTERESTS = ['20005', '20006', '22001', '22002', '9001'];
const BIOS = [
  'Astronomy lover ☕ and coffee nerd',
  '気候変動とスキンケア',
  'Cricket fan 🏏',
  'Physics teacher',
  '',
];

/** 600 accounts: dense and rare terms, Japanese and emoji text, a follow graph and engaged posts. */
const NETWORK: Fixture = {
  accounts: accounts(600, (n) => ({
    handle: n % 7 === 0 ? `Ünï${n}` : `user${n}`,
    bio: BIOS[n % BIOS.length]!,
    country: n % 3 === 0 ? 'JP' : 'US',
    lang: n % 3 === 0 ? 'ja' : 'en',
    gender: n % 2 === 0 ? 'female' : 'male',
    age: ['18-20', '25-34', '35-49', null][n % 4] ?? null,
    interests: [INTERESTS[n % 5]!, ...(n % 11 === 0 ? [INTERESTS[(n + 2) % 5]!] : [])],
    follows: [(n * 7 + 1) % 600, (n * 13 + 5) % 600, n % 50].filter((t) => t !== n),
  })),
  posts: Array.from({ length: 300 }, (_, i) => ({
    author: (i * 17) % 600,
    text: i % 2 === 0 ? `Coffee and physics #science ${i}` : `今日の天気 #天気 ${i}`,
    hashtags: i % 2 === 0 ? ['science'] : ['天気'],
    likedBy: i % 3 === 0 ? [(i * 5) % 600, (i * 9) % 600] : [],
    repostedBy: i % 4 === 0 ? [(i * 11) % 600] : [],
  })),
};

const PACKAGES = [
  pkg({ interests: [{ label: 'Physics' }] }),
  pkg({ keywords: [{ label: 'coffee' }], languages: [{ label: 'English' }] }),
  pkg({ handles: [{ handle: 'user1' }, { handle: 'ünï7' }], gender: ['FEMALE'] }),
  pkg({ hashtags: [{ label: '天気' }], locations: [{ label: 'Japan' }] }),
];

/** Everything a caller can read from an engine, for an exact comparison (timings left out). */
function answers(engine: AudienceEngine): unknown {
  const withoutTimings = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'ms' ? undefined : v)));
  return PACKAGES.map((p) => {
    const audience = engine.evaluate(p);
    const first = engine.evaluate(PACKAGES[0]!);
    return withoutTimings({
      estimate: engine.estimate(p),
      members: Array.from(audience.accounts.toArray()),
      insights: engine.insights(audience),
      compare: engine.compare(audience, first),
      overlap: engine.overlap(audience, first),
      described: engine.describeAccounts(audience.accounts.toArray().slice(0, 20)),
      lookup: [engine.lookup('handles', 'us', 5), engine.lookup('interests', 'ph', 5)],
      found: [engine.findAccount('@USER42'), engine.findAccount('ünï14'), engine.findAccount('nobody')],
      communities: engine.explore.communities(),
      posts: engine.explore.topicPosts(['coffee'], engine.explore.everyone(), { limit: 10 }),
    });
  });
}

describe('shared index', () => {
  let built: AudienceIndex;
  let expected: unknown;
  let shared: SharedEngine;

  beforeAll(async () => {
    built = await fixtureIndex(NETWORK);
    expected = answers(inMemoryEngine(built));
    shared = shareEngine(await fixtureIndex(NETWORK));
  });

  it('answers exactly like the original index, on this thread and in a copy sent to a worker', () => {
    // structuredClone is what postMessage / workerData do to the description.
    const worker = engineFromShared(structuredClone(shared.index)).engine;
    expect(answers(shared.engine)).toEqual(expected);
    expect(answers(worker)).toEqual(expected);
    expect(shared.engine.estimate(PACKAGES[2]!).sampleCount).toBeGreaterThan(0);
  });

  it('keeps typed arrays and string columns in shared memory that a clone does not copy', () => {
    const copy = indexFromShared(structuredClone(shared.index));
    expect(copy.following.data.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(copy.accounts.followers.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(shared.index.accounts.handles.bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
    // One memory: a write through the description shows in the clone's index.
    const before = copy.accounts.followers[3];
    shared.index.accounts.followers[3] = 123_456;
    expect(copy.accounts.followers[3]).toBe(123_456);
    shared.index.accounts.followers[3] = before!;
    expect(copy.accounts.handles.get(built.accounts.slot[14]! - 1)).toBe('Ünï14');
  });

  it('hands custom audiences registered on the main engine to workers', () => {
    const worker = engineFromShared(structuredClone(shared.index));
    const custom = pkg({ custom_audiences: [{ name: 'Coffee people' }] });
    shared.engine.registerCustomAudience('Coffee people', [10, 11, 12]);
    expect(worker.engine.estimate(custom).sampleCount).toBe(0);
    worker.useCustomAudiences(structuredClone(shared.customAudiences()));
    expect(worker.engine.estimate(custom).sampleCount).toBe(3);
    expect(shared.engine.estimate(custom).sampleCount).toBe(3);
  });

  it('tells workers of a custom audience removed on the main engine', () => {
    const worker = engineFromShared(structuredClone(shared.index));
    const custom = pkg({ custom_audiences: [{ name: 'Tea people' }] });
    shared.engine.registerCustomAudience('Tea people', [20, 21]);
    worker.useCustomAudiences(structuredClone(shared.customAudiences()));
    expect(worker.engine.estimate(custom).sampleCount).toBe(2);
    const version = shared.customAudiences().version;
    expect(shared.engine.removeCustomAudience('Tea people')).toBe(true);
    expect(shared.engine.customAudienceNames()).not.toContain('Tea people');
    expect(shared.customAudiences().version).toBeGreaterThan(version);
    worker.useCustomAudiences(structuredClone(shared.customAudiences()));
    expect(worker.engine.estimate(custom).sampleCount).toBe(0);
    expect(shared.engine.removeCustomAudience('Tea people')).toBe(false);
  });

  it('sends account sets to a worker as shared bitsets, with the same insights there', () => {
    const worker = engineFromShared(structuredClone(shared.index)).engine;
    const set = shared.engine.evaluate(PACKAGES[0]!).accounts;
    const sent = structuredClone(toSharedAccountSet(set));
    expect(sent.bits.buffer).toBeInstanceOf(SharedArrayBuffer);
    const received = accountSetFromShared(sent);
    expect(Array.from(received.toArray())).toEqual(Array.from(set.toArray()));
    const strip = (v: unknown) => JSON.stringify(v, (key, x: unknown) => (key === 'ms' ? undefined : x));
    expect(strip(worker.insights(received))).toBe(strip(shared.engine.insights(set)));
  });

  it('re-homes the original index array by array, so it is never held twice', async () => {
    const original = await fixtureIndex(NETWORK);
    const before = original.following.data;
    shareIndex(original);
    expect(before.buffer).not.toBeInstanceOf(SharedArrayBuffer);
    expect(original.following.data.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(original.postings.get(0)).toEqual(built.postings.get(0));
    expect(original.accounts.handles.get(3)).toBe(built.accounts.handles.get(3));
  });
});
