import { beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@murmur/core/live';
import {
  AccountSet,
  buildIndex,
  liveEngine,
  LIVE_BUILD_OPTIONS,
  type LiveAudienceEngine,
} from '@murmur/engine';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import { targetingPackageSchema, type TargetingPackageInput } from '@murmur/core/targeting';
import { byNumber, diffSorted, isKnownAscending, pairsOfIds } from '../lib/member-ids';
import { memberIds, memberPairs } from './member-order';

/** The members' ids as the history task read them before: every member described, then sorted. */
const described = (engine: LiveAudienceEngine, members: ArrayLike<number>): string[] => {
  const ids = engine
    .describeAccounts(Array.from(members))
    .map((a) => a.id)
    .filter((id) => id !== '')
    .sort(byNumber);
  return ids.filter((id, i) => i === 0 || id !== ids[i - 1]);
};

const pkg = (input: TargetingPackageInput) => targetingPackageSchema.parse(input);
const speakers = pkg({ languages: [{ label: 'English' }, { label: 'Japanese' }] });
const everyone = pkg({ languages: [{ label: 'English' }, { label: 'Japanese' }, { label: 'Spanish' }] });

describe('member ids in the engine’s id order', () => {
  let engine: LiveAudienceEngine;
  beforeAll(async () => {
    const network = generateNetwork({ accounts: 3000, seed: 'member-order' });
    engine = liveEngine(await buildIndex(exportChunks(network), LIVE_BUILD_OPTIONS));
  }, 60_000);

  it('equal the described and sorted ids, for audiences and account sets of every size', () => {
    for (const p of [speakers, everyone, pkg({ countries: [{ label: 'Japan', id: 'JP' }] })]) {
      const audience = engine.evaluate(p);
      expect(audience.accounts.toArray().length).toBeGreaterThan(0);
      expect(memberIds(engine, audience.accounts)).toEqual(described(engine, audience.accounts.toArray()));
      // The same set as pairs of numbers, without a string an id.
      expect(memberPairs(engine, audience.accounts)).toEqual(
        pairsOfIds(described(engine, audience.accounts.toArray())),
      );
    }
    const all = engine.explore.everyone();
    expect(memberIds(engine, all)).toEqual(described(engine, all.toArray()));
    expect(memberPairs(engine, all)).toEqual(pairsOfIds(described(engine, all.toArray())));
  });

  it('are known ascending: the next point’s diff and the encodings do not check their order again', () => {
    const ids = memberIds(engine, engine.evaluate(speakers).accounts);
    const wider = memberIds(engine, engine.evaluate(everyone).accounts);
    expect(isKnownAscending(ids)).toBe(true);
    expect(isKnownAscending(wider)).toBe(true);
    // Unchecked lists: checked when first diffed, then known.
    const copy = [...ids];
    expect(isKnownAscending(copy)).toBe(false);
    const diff = diffSorted(copy, wider);
    expect(isKnownAscending(copy)).toBe(true);
    expect(diff.left).toEqual([]);
    expect(diff.joined).toEqual(wider.filter((id) => !new Set(ids).has(id)));
  });

  it('stay equal once the live index has new accounts (merged in), suspended ones and new ids of any length', () => {
    const before = engine.evaluate(speakers).accounts.toArray();
    expect(memberIds(engine, engine.evaluate(speakers).accounts).length).toBeGreaterThan(0);
    // New accounts after the order was made: ids shorter, longer and between the existing ones.
    const news = ['7', '123456789', '999999999999999999', '18446744073709551615', '100000000000000000'];
    const at = Date.now();
    const events: LiveEvent[] = news.map((id, i) => ({
      type: 'user',
      key: `member-order-user-${i}`,
      at,
      user: {
        id,
        handle: `new_${i}`,
        name: `New ${i}`,
        bio: '',
        location: '',
        created: new Date(at).toISOString(),
        protected: false,
        verified: false,
        followers: 0,
        following: 0,
        posts: 0,
      },
    }));
    const gone = engine.describeAccounts(before.slice(0, 10)).map((a) => a.id);
    events.push(
      ...gone.map((user, i) => ({ type: 'user-suspend' as const, key: `member-order-gone-${i}`, at, user })),
    );
    engine.apply(events);
    for (const id of news) expect(engine.findAccountById?.(id)).toBeDefined();
    // An account set holding the new accounts and the present members of the first audience.
    const now = engine.evaluate(speakers);
    const set = engine.explore.everyone();
    expect(memberIds(engine, now.accounts)).toEqual(described(engine, now.accounts.toArray()));
    expect(memberIds(engine, set)).toEqual(described(engine, set.toArray()));
    expect(memberPairs(engine, now.accounts)).toEqual(pairsOfIds(described(engine, now.accounts.toArray())));
    expect(memberPairs(engine, set)).toEqual(pairsOfIds(described(engine, set.toArray())));
    // A set holding a removed account (the first audience's members before): left out as memberIds leaves it.
    const was = AccountSet.fromNumbers(Math.max(...before) + 1, before);
    expect(memberPairs(engine, was)).toEqual(pairsOfIds(described(engine, before)));
    expect(memberPairs(engine, was)).toEqual(pairsOfIds(memberIds(engine, was)));
    expect(pairsOfIds(described(engine, before))!.length).toBeLessThan(2 * before.length);
    const ids = memberIds(engine, set);
    for (const id of news) expect(ids).toContain(id);
    for (const id of gone) expect(ids).not.toContain(id);
  });
});
