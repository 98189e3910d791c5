import { describe, expect, it } from 'vitest';
import type { AccountSummary, ExploreResult } from '@murmur/core/api';
import {
  EMPTY_TARGETING_MESSAGE,
  targetingPackageSchema,
  type TargetingPackageInput,
} from '@murmur/core/targeting';
import { useExploreTestApp } from '../../test/explore-test-app';

const kit = useExploreTestApp(3);
const { post } = kit;
const pkg = (input: TargetingPackageInput) => targetingPackageSchema.parse(input);
const members = (input: TargetingPackageInput) => kit.engine.evaluate(pkg(input)).accounts;
const accountNumber = (a: AccountSummary) => kit.engine.findAccount(a.handle)!;

/** A word many accounts posted, from the engine's own topic analysis of everyone. */
function popularPostWord(language?: string): string {
  const everyone = kit.engine.explore.everyone();
  const { topicAnalysis } = kit.engine.explore.panels(everyone, ['topicAnalysis'], { top: 200 });
  const words = topicAnalysis.terms.map((s) => s.key);
  if (!language) return words[0]!;
  return words.find((w) => (language === 'ja' ? /[\u30a0-\u30ff]{2,}/.test(w) : /^[a-z]+$/.test(w)))!;
}

describe('validate-handle', () => {
  it('confirms a known handle in any case, with or without @, with its account', async () => {
    const res = await post('validate-handle/', { handle: `@${kit.stars[1]!.toUpperCase()}` });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ valid: boolean; handle: string; account: AccountSummary | null }>();
    expect(body.valid).toBe(true);
    expect(body.handle).toBe(kit.stars[1]);
    const [expected] = kit.engine.describeAccounts([kit.engine.findAccount(kit.stars[1]!)!]);
    expect(body.account).toMatchObject({ handle: kit.stars[1], name: expected!.name });
    expect(body.account!.followers_count).toBeGreaterThan(0);
  });

  it('answers valid: false for an unknown handle and 400 for a malformed one', async () => {
    const unknown = await post('validate-handle/', { handle: 'nobody_here_12345' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ valid: false, handle: 'nobody_here_12345', account: null });
    const malformed = await post('validate-handle/', { handle: 'not a handle!' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ handle: ['Enter a valid X handle.'] });
  });
});

describe('followers-of', () => {
  it('estimates the followers of a handle as the engine does, with followers as samples', async () => {
    const res = await post('followers-of/', { handle: `@${kit.stars[0]!.toUpperCase()}` });
    expect(res.statusCode).toBe(200);
    const body = res.json<ExploreResult>();
    const expected = kit.engine.estimate(pkg({ handles: [{ handle: kit.stars[0]! }] }));
    expect(body.estimate.sample_count).toBe(expected.sampleCount);
    expect(body.estimate.population_estimate).toBe(expected.populationEstimate);
    expect(body.estimate.sample_count).toBeGreaterThan(10);
    expect(body.targeting_package.handles).toEqual([{ handle: kit.stars[0] }]);
    const followers = members({ handles: [{ handle: kit.stars[0]! }] });
    expect(body.sample_accounts.length).toBeGreaterThan(0);
    for (const a of body.sample_accounts) expect(followers.has(accountNumber(a))).toBe(true);
    const counts = body.sample_accounts.map((a) => a.followers_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('answers 404 for an unknown handle and 400 for a malformed one', async () => {
    const unknown = await post('followers-of/', { handle: 'nobody_here_12345' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'No account with the handle @nobody_here_12345.' });
    expect((await post('followers-of/', { handle: 'not a handle!' })).json()).toEqual({
      handle: ['Enter a valid X handle.'],
    });
    expect((await post('followers-of/', {})).statusCode).toBe(400);
  });
});

describe('interested-in, posted-about, words-in-profile', () => {
  it('targets an interest by label, value or bare category', async () => {
    const interests = kit.engine.explore.catalogue('interests').filter((e) => e.accounts > 0);
    const physics = interests[0]!;
    for (const interest of [physics.name, physics.value]) {
      const body = (await post('interested-in/', { interest })).json<ExploreResult>();
      expect(body.targeting_package.interests).toEqual([{ label: physics.name, id: physics.value }]);
      expect(body.estimate.sample_count).toBe(physics.accounts);
    }
    const category = physics.category!;
    const bare = (await post('interested-in/', { interest: category.toLowerCase() })).json<ExploreResult>();
    expect(bare.estimate.sample_count).toBe(
      kit.engine.estimate(pkg({ interests: [{ label: category }] })).sampleCount,
    );
    expect(bare.estimate.sample_count).toBeGreaterThanOrEqual(physics.accounts);
    const unknown = await post('interested-in/', { interest: 'Underwater basket weaving' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ interest: ['"Underwater basket weaving" is not an interest X knows.'] });
  });

  it('posted-about: keyword targeting, samples who posted the words', async () => {
    const word = popularPostWord();
    const body = (await post('posted-about/', { keywords: `${word}, zzqx-none` })).json<ExploreResult>();
    expect(body.targeting_package.keywords).toEqual([{ label: word }, { label: 'zzqx-none' }]);
    const expected = kit.engine.estimate(body.targeting_package);
    expect(body.estimate.sample_count).toBe(expected.sampleCount);
    expect(body.estimate.unmatched).toEqual([{ criterion: 'keywords', label: 'zzqx-none' }]);
    const posters = kit.engine.explore.textMatches([word], 'posts');
    expect(body.sample_accounts.length).toBeGreaterThan(0);
    for (const a of body.sample_accounts) expect(posters.has(accountNumber(a))).toBe(true);
  });

  it('words-in-profile: samples have the words in their bio', async () => {
    const { bioWords } = kit.engine.explore.panels(kit.engine.explore.everyone(), ['bioWords']);
    const word = bioWords.words.find((w) => /^[a-z]+$/.test(w.key))!.key;
    const body = (await post('words-in-profile/', { words: [word] })).json<ExploreResult>();
    expect(body.estimate.sample_count).toBe(
      kit.engine.estimate(pkg({ keywords: [{ label: word }] })).sampleCount,
    );
    expect(body.sample_accounts.length).toBeGreaterThan(0);
    for (const a of body.sample_accounts) expect(kit.engine.words(a.bio)).toContain(word);
  });

  it('refuses empty keyword lists', async () => {
    expect((await post('posted-about/', { keywords: ' , ' })).json()).toEqual({
      keywords: ['Enter at least one keyword.'],
    });
    expect((await post('words-in-profile/', { words: [] })).statusCode).toBe(400);
    expect((await post('posted-about/', { keywords: 42 })).statusCode).toBe(400);
  });
});

describe('suggest-interests, related-keywords, age-groups', () => {
  it('suggests interests over-represented in the audience (affinity > 1)', async () => {
    const targeting_package = { languages: [{ label: 'ja' }] };
    const res = await post('suggest-interests/', { targeting_package });
    expect(res.statusCode).toBe(200);
    const { interests } = res.json<{ interests: { value: string; label: string; affinity: number }[] }>();
    expect(interests.length).toBeGreaterThan(0);
    expect(interests.every((i) => i.affinity > 1)).toBe(true);
    expect(interests.map((i) => i.affinity)).toEqual(interests.map((i) => i.affinity).sort((a, b) => b - a));
    const panel = kit.engine.explore.panels(kit.engine.evaluate(pkg(targeting_package)), ['interests'], {
      top: 50,
    });
    const affinity = new Map(
      [...panel.interests.interests, ...panel.interests.distinctive].map((s) => [s.key, s.affinity]),
    );
    for (const i of interests) expect(i.affinity).toBe(affinity.get(i.value));
  });

  it('refuses an empty package with the SPEC §5 message', async () => {
    const res = await post('suggest-interests/', { targeting_package: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [EMPTY_TARGETING_MESSAGE] });
    expect(
      (
        await post('age-groups/', { targeting_package: { keywords: [{ label: 'x', deselected: true }] } })
      ).json(),
    ).toEqual({ non_field_errors: [EMPTY_TARGETING_MESSAGE] });
  });

  it('finds keywords co-occurring with a keyword, by lift', async () => {
    const word = popularPostWord();
    const { keywords } = (await post('related-keywords/', { keyword: word })).json<{
      keywords: { term: string; affinity: number; count: number }[];
    }>();
    expect(keywords.length).toBeGreaterThan(0);
    expect(keywords.every((k) => k.affinity > 1 && k.count > 0 && k.term !== word)).toBe(true);
    expect((await post('related-keywords/', { keyword: '' })).statusCode).toBe(400);
  });

  it('age-groups is the engine’s panel', async () => {
    const targeting_package = { languages: [{ label: 'en' }] };
    const res = await post('age-groups/', { targeting_package });
    expect(res.json()).toEqual(kit.engine.insights(kit.engine.evaluate(pkg(targeting_package))).ageGroups);
  });
});
