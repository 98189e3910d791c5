import { describe, expect, it } from 'vitest';
import { countAudience } from '../evaluate/evaluate';
import { fieldCounts, mergeFieldCounts } from '../async/field-counts';
import { evaluate } from '../evaluate/evaluate';
import { fixtureIndex, fixtureLines } from '../testing/fixture';
import { NETWORK_A, pkg } from '../testing/network-a';
import { mergeEstimates } from './merge-estimates';
import { buildShardIndex, shardRecords } from './shard-index';

const lines = () => fixtureLines(NETWORK_A).map((l) => `${l}\n`);

const collect = async (source: AsyncIterable<object>) => {
  const out: Record<string, unknown>[] = [];
  for await (const r of source) out.push(r as Record<string, unknown>);
  return out;
};

const PACKAGES = [
  pkg({ handles: [{ handle: 'nasa' }] }),
  pkg({ keywords: [{ label: 'coffee' }] }),
  pkg({ gender: ['female'] }),
  pkg({ handles: [{ handle: 'nasa' }], gender: ['female'] }),
  pkg({ keywords: [{ label: 'cricket' }, { label: 'nowhere-to-be-found' }] }),
];

describe('shards of the bulk export', () => {
  it("keeps its own accounts whole, with their follows; others' accounts as number and handle; a trailer of what it passed", async () => {
    const records = await collect(shardRecords(lines(), { shard: 1, shards: 2 }));
    const accounts = records.filter((r) => r.type === 'account');
    for (const a of accounts) {
      if ((a.n as number) % 2 === 1) expect(Object.keys(a).length).toBeGreaterThan(3);
      else expect(Object.keys(a).sort()).toEqual(['handle', 'n', 'type']);
    }
    expect(accounts).toHaveLength(NETWORK_A.accounts.length);
    expect(records.filter((r) => r.type === 'following').every((r) => (r.n as number) % 2 === 1)).toBe(true);
    expect(records.at(-1)).toEqual({ type: 'end', records: records.length });
  });

  it('refuses an export cut short, and a shard that does not exist', async () => {
    const cut = lines().slice(0, -2).concat(lines().slice(-1));
    await expect(collect(shardRecords(cut, { shard: 0, shards: 2 }))).rejects.toThrow(/incomplete/);
    await expect(collect(shardRecords(lines(), { shard: 2, shards: 2 }))).rejects.toThrow(RangeError);
  });

  it.each([2, 3, 4])("gives, over %i shards, the single index's counts", async (shards) => {
    const single = await fixtureIndex(NETWORK_A);
    const parts = await Promise.all(
      Array.from({ length: shards }, (_, shard) => buildShardIndex(lines(), { shard, shards })),
    );
    expect(parts.reduce((sum, p) => sum + p.population, 0)).toBe(single.population);
    for (const p of PACKAGES) {
      const merged = mergeEstimates(
        parts.map((part) => countAudience(part, p)),
        single.scale,
      );
      expect(merged).toEqual(countAudience(single, p));
      const counts = mergeFieldCounts(parts.map((part) => fieldCounts(part, evaluate(part, p).accounts)));
      const one = fieldCounts(single, evaluate(single, p).accounts);
      expect(counts.members).toBe(one.members);
      for (const [field, values] of Object.entries(one.fields)) {
        const got = counts.fields[field as keyof typeof counts.fields]!;
        expect(new Set(got.map((v) => JSON.stringify(v)))).toEqual(
          new Set(values.map((v) => JSON.stringify(v))),
        );
      }
    }
  });
});
