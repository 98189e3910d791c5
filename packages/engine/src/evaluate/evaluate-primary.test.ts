import { beforeAll, describe, expect, it } from 'vitest';
import type { AudienceIndex } from '../postings/audience-index';
import { fixtureIndex } from '../testing/fixture';
import { members, NETWORK_A, pkg } from '../testing/network-a';
import { registerCustomAudience } from './custom-audiences';
import { evaluate } from './evaluate';

let index: AudienceIndex;
beforeAll(async () => {
  index = await fixtureIndex(NETWORK_A);
});
const audienceOf = (input: Parameters<typeof pkg>[0]) => members(evaluate(index, pkg(input)));

describe('primary criteria (ARCHITECTURE §3)', () => {
  it('keywords reach bios and posts, case-insensitively', () => {
    expect(audienceOf({ keywords: [{ label: 'Coffee' }] })).toEqual([0, 6, 9]);
  });

  it('a multi-word keyword needs all its words, in any order', () => {
    expect(audienceOf({ keywords: [{ label: 'climate change' }] })).toEqual([8]);
    expect(audienceOf({ keywords: [{ label: 'change climate' }] })).toEqual([8]);
    expect(audienceOf({ keywords: [{ label: 'climate jazz' }] })).toEqual([]);
  });

  it('Japanese keywords match inside longer runs (bigrams)', () => {
    expect(audienceOf({ keywords: [{ label: '気候変動' }] })).toEqual([2, 3]);
  });

  it('hashtags match with or without #, in any case', () => {
    expect(audienceOf({ hashtags: [{ label: '#jazz' }] })).toEqual([6]);
    expect(audienceOf({ hashtags: [{ label: 'COFFEE' }] })).toEqual([9]);
  });

  it('handles reach the followers of the handle', () => {
    expect(audienceOf({ handles: [{ handle: '@NASA' }] })).toEqual([1, 2, 3, 7]);
    expect(audienceOf({ handles: [{ label: 'user2' }] })).toEqual([3, 4]);
  });

  it('interests match by name, by id and by whole category', () => {
    expect(audienceOf({ interests: [{ label: 'Science/Physics' }] })).toEqual([0]);
    expect(audienceOf({ interests: [{ label: 'Astronomy', id: '20006' }] })).toEqual([1]);
    expect(audienceOf({ interests: [{ label: 'science' }] })).toEqual([0, 1]);
  });

  it('conversation topics and movies/TV match by catalogue name', () => {
    expect(audienceOf({ conversation_topics: [{ label: 'Manga' }] })).toEqual([2]);
    expect(audienceOf({ movies_tv_shows: [{ label: 'Harbor Lights' }] })).toEqual([3]);
  });

  it('custom audiences are registered account sets, restricted to the population', () => {
    registerCustomAudience(index, 'VIP list', [5, 8, 42]);
    expect(audienceOf({ custom_audiences: [{ name: 'VIP list' }] })).toEqual([5, 8]);
    expect(audienceOf({ custom_audiences: [{ name: 'vip LIST' }] })).toEqual([5, 8]);
  });

  it('unions every primary criterion', () => {
    expect(
      audienceOf({
        keywords: [{ label: 'cricket' }],
        hashtags: [{ label: 'coffee' }],
        movies_tv_shows: [{ label: 'Harbor Lights' }],
      }),
    ).toEqual([1, 3, 9]);
  });

  it('reports items that match nothing, and they add nobody', () => {
    const audience = evaluate(
      index,
      pkg({ keywords: [{ label: 'zeppelin' }], interests: [{ label: 'Cricket' }] }),
    );
    expect(members(audience)).toEqual([5]);
    expect(audience.unmatched).toEqual([{ criterion: 'keywords', label: 'zeppelin' }]);
  });
});
