import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AccountSet } from '../bits/account-set';
import { buildIndex } from '../ingest/build-index';
import { LIVE_BUILD_OPTIONS, liveEngine } from '../live/live-engine';
import { liveEngineFromShared, shareLiveEngine } from '../live/live-snapshot';
import type { AudienceIndex } from '../postings/audience-index';
import { sampleKeysOf } from '../postings/sample-key';
import { indexFromShared, shareIndex, type SharedIndex } from '../share/share-index';
import { readSnapshot, writeSnapshot } from '../snapshot/snapshot-file';
import { baseModel, randomEvents, type Model } from '../testing/live-model';
import { seededRandom } from '../testing/random';
import { InsightContext, samples } from './context';
import { computeInsights } from './insights';
import { lowestHashed } from './sample-accounts';

// The insights' hash samples key accounts by X id (AccountColumns.sampleKey), so two indexes holding
// the same accounts under other numbers — the export's records numbered otherwise, or a live index
// whose accounts were born live in the order it applied their events — sample the same members and
// their sampled panels are equal (bench:live's exactness check, docs/LIVE.md "Not converging").

type Rec = Record<string, unknown>;

/** The model's export with every account number n replaced by `to[n]`. */
function renumbered(m: Model, to: Uint32Array): string[] {
  const pairs = (list: unknown) => (list as number[][]).map(([n, ...rest]) => [to[n!], ...rest]);
  return m.lines().map((line) => {
    const r = JSON.parse(line) as Rec;
    if (r.type === 'account') r.n = to[r.n as number];
    else if (r.type === 'following') {
      r.n = to[r.n as number];
      r.to = (r.to as number[]).map((n) => to[n]);
    } else if (r.type === 'post') {
      r.author = to[r.author as number];
      r.likedBy = pairs(r.likedBy);
      r.repostedBy = pairs(r.repostedBy);
    }
    return `${JSON.stringify(r)}\n`;
  });
}

/** A random permutation of 0 … size − 1. */
function shuffled(size: number, rand: () => number): Uint32Array {
  const out = Uint32Array.from({ length: size }, (_, i) => i);
  for (let i = size - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const idOf = (index: AudienceIndex, n: number): string => index.accounts.ids.get(index.accounts.slot[n]! - 1);
const idsOf = (index: AudienceIndex, numbers: Uint32Array): string[] =>
  [...numbers].map((n) => idOf(index, n)).sort();
const everyone = (index: AudienceIndex) => new AccountSet(index.size, index.present);
const OPTIONS = { sampleSize: 60, graphSampleSize: 40 };

/** What the samples and the sampled panels of everyone in `index` say, by X id and label. */
function sampled(index: AudienceIndex) {
  const ctx = new InsightContext(index, everyone(index), OPTIONS);
  const { interests, bioWords, influentialAccounts, sampleAccounts } = computeInsights(
    index,
    everyone(index),
    OPTIONS,
  );
  return {
    members: ctx.members.length,
    analysed: idsOf(index, ctx.analysed),
    graph: idsOf(index, ctx.graphSample),
    panels: JSON.parse(
      JSON.stringify({ interests, bioWords, influentialAccounts, sampleAccounts }, (k, v: unknown) =>
        // An account's number is the index's own; its X id (`id`) is compared.
        k === 'ms' || k === 'account' ? undefined : v,
      ),
    ) as unknown,
  };
}

/** The analysed sample as the account-number hash (before sample keys) drew it, by X id. */
function byNumber(index: AudienceIndex): string[] {
  const members = everyone(index).toArray();
  const numbers = Uint32Array.from({ length: index.size }, (_, n) => n);
  return idsOf(index, samples(members, numbers, [OPTIONS.sampleSize], 0)[0]!);
}

describe('hash samples keyed by X id', () => {
  it('sample the same accounts of an export whose records are numbered otherwise', async () => {
    const rand = seededRandom(28);
    const m = baseModel(rand, 240, 200);
    randomEvents(m, rand, 500);
    const a = await buildIndex(m.lines(), LIVE_BUILD_OPTIONS);
    const b = await buildIndex(renumbered(m, shuffled(m.next, rand)), LIVE_BUILD_OPTIONS);
    const [x, y] = [sampled(a), sampled(b)];
    expect(x.members).toBeGreaterThan(200);
    expect(x.analysed.length).toBeGreaterThan(30);
    expect(x.analysed.length).toBeLessThan(x.members);
    expect(x.graph.length).toBeLessThan(x.analysed.length);
    expect(y).toEqual(x);
    // The hash of the account number samples other accounts in each (what this replaces).
    expect(byNumber(b)).not.toEqual(byNumber(a));
  });

  it('sample a live index’s accounts born live as an export of the same accounts numbered otherwise', async () => {
    const rand = seededRandom(29);
    const m = baseModel(rand, 120, 120);
    const engine = liveEngine(await buildIndex(m.lines(), LIVE_BUILD_OPTIONS), { headroom: 8 });
    // Accounts born live (the engine numbers them as it meets them), changed, deleted, suspended.
    const events = randomEvents(m, rand, 1_500);
    for (let i = 0; i < events.length; i += 40) engine.apply(events.slice(i, i + 40));
    expect(m.next).toBeGreaterThan(200);
    // The export's numbers reversed: no account born live keeps the live index's number.
    const reversed = Uint32Array.from({ length: m.next }, (_, n) => m.next - 1 - n);
    const built = await buildIndex(renumbered(m, reversed), LIVE_BUILD_OPTIONS);
    const x = sampled(built);
    expect(x.analysed.length).toBeLessThan(x.members);
    expect(sampled(engine.index)).toEqual(x);
    expect(byNumber(engine.index)).not.toEqual(byNumber(built));
    // Compacted, and copied into shared memory for another thread (share-index.ts, live-snapshot.ts).
    engine.compact();
    expect(sampled(engine.index)).toEqual(x);
    expect(sampled(liveEngineFromShared(shareLiveEngine(engine)).index)).toEqual(x);
  });

  it('are kept in snapshots, and computed on load for a snapshot written without them', async () => {
    const rand = seededRandom(30);
    const m = baseModel(rand, 150, 50);
    randomEvents(m, rand, 300);
    const index = await buildIndex(m.lines(), LIVE_BUILD_OPTIONS);
    const keys = index.accounts.sampleKey.slice();
    expect(sampleKeysOf(index.size, index.accounts.slot, index.accounts.ids)).toEqual(keys);
    const { shared } = shareIndex(index);
    const { sampleKey: _dropped, ...older } = shared.accounts;
    const dir = mkdtempSync(join(tmpdir(), 'murmur-sample-key-'));
    try {
      writeSnapshot(shared, join(dir, 'kept.snapshot'), 'test');
      writeSnapshot({ ...shared, accounts: older } as SharedIndex, join(dir, 'older.snapshot'), 'test');
      for (const file of ['kept.snapshot', 'older.snapshot']) {
        const loaded = readSnapshot(join(dir, file)).index;
        expect(loaded.accounts.sampleKey.buffer).toBeInstanceOf(SharedArrayBuffer);
        expect(indexFromShared(loaded).accounts.sampleKey).toEqual(keys);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('pick the sample accounts panel by X id, and a member who leaves moves it only if picked', async () => {
    const rand = seededRandom(31);
    const m = baseModel(rand, 200, 100);
    const index = await buildIndex(m.lines(), LIVE_BUILD_OPTIONS);
    const members = everyone(index).toArray();
    const keys = index.accounts.sampleKey;
    const picked = lowestHashed(members, keys, 0, 12);
    expect(picked).toHaveLength(12);
    // The same accounts from the members in any order (no walk over positions).
    expect(lowestHashed(members.slice().reverse(), keys, 0, 12)).toEqual(picked);
    // Without a member who was not picked: the same twelve; without a picked one: the other eleven
    // and the next.
    const notPicked = members.find((n) => !picked.includes(n))!;
    expect(
      lowestHashed(
        members.filter((n) => n !== notPicked),
        keys,
        0,
        12,
      ),
    ).toEqual(picked);
    const next = lowestHashed(
      members.filter((n) => n !== picked[0]),
      keys,
      0,
      12,
    );
    expect(next.slice(0, 11)).toEqual(picked.slice(1));
    expect(lowestHashed(members, keys, 0, 13).slice(0, 12)).toEqual(picked);
    expect(next[11]).toBe(lowestHashed(members, keys, 0, 13)[12]);
    // Fewer members than asked: every one of them.
    expect(lowestHashed(members.slice(0, 5), keys, 0, 12).sort((a, b) => a - b)).toEqual([
      ...members.slice(0, 5),
    ]);
  });
});
