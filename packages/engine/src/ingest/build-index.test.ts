import { describe, expect, it } from 'vitest';
import { ExportFormatError } from '../errors';
import { fixtureIndex, fixtureLines, type Fixture } from '../testing/fixture';
import { NETWORK_A } from '../testing/network-a';
import { buildIndex } from './build-index';

const lines = fixtureLines(NETWORK_A);
const text = lines.join('\n') + '\n';

describe('buildIndex: reading the export', () => {
  it('indexes every account, follow and post of the fixture', async () => {
    const index = await buildIndex([text]);
    expect(index.population).toBe(10);
    expect(index.stats).toMatchObject({
      accounts: 10,
      follows: 6,
      posts: 4,
      likes: 3,
      complete: true,
      invalidRecords: 0,
    });
    expect(index.scale).toBe(1000);
    expect(index.handles.find('@NaSa')).toBe(0);
  });

  it('gives the same index whatever the chunking (lines cut anywhere)', async () => {
    const whole = await buildIndex([text]);
    const pieces: string[] = [];
    for (let at = 0; at < text.length; at += 37) pieces.push(text.slice(at, at + 37));
    const chunked = await buildIndex(
      (async function* () {
        for (const piece of pieces) yield await Promise.resolve(piece);
      })(),
    );
    expect(chunked.stats.records).toBe(whole.stats.records);
    expect([...chunked.postings.counts]).toEqual([...whole.postings.counts]);
    expect([...chunked.following.data]).toEqual([...whole.following.data]);
  });

  it('accepts already-parsed records', async () => {
    const index = await buildIndex(lines.map((l) => JSON.parse(l) as object));
    expect(index.population).toBe(10);
  });

  it('ignores unknown record types and unknown fields', async () => {
    const fixture: Fixture = {
      ...NETWORK_A,
      accounts: NETWORK_A.accounts.map((a) => ({ ...a, shoeSize: 42 }) as typeof a),
      extra: [
        { type: 'hologram', n: 1 },
        { type: 'list', n: 0, members: [1, 2] },
        { type: 'follow', from: 1, to: 2 },
      ],
    };
    const index = await fixtureIndex(fixture);
    expect(index.population).toBe(10);
    expect(index.stats.ignoredRecords).toBe(3);
  });

  it('counts known records that lack required fields as invalid, and goes on', async () => {
    const index = await fixtureIndex({ ...NETWORK_A, extra: [{ type: 'account', handle: 'no-number' }] });
    expect(index.stats.invalidRecords).toBe(1);
    expect(index.population).toBe(10);
  });

  it('rejects a stream that is not a sandbox export, saying why', async () => {
    await expect(buildIndex(['{"format":"csv","version":1}\n'])).rejects.toThrow(
      'Not a Murmur sandbox export: the first line has format "csv", expected "murmur-sandbox-export".',
    );
    await expect(buildIndex(['{"type":"account","n":0}\n'])).rejects.toThrow(ExportFormatError);
    await expect(buildIndex([lines[0]!.replace('"version":1', '"version":7')])).rejects.toThrow(
      'Unsupported export version 7: this engine reads versions 1.',
    );
    await expect(buildIndex([])).rejects.toThrow('The export is empty');
  });

  it('rejects a corrupt line with its line number', async () => {
    const broken = [...lines.slice(0, 3), '{"type":"account",', ...lines.slice(3)].join('\n');
    await expect(buildIndex([broken])).rejects.toThrow('Line 4 of the export is not valid JSON');
  });

  it('rejects an export cut short (trailer count mismatch) and notes a missing trailer', async () => {
    const cut = [...lines.slice(0, 5), lines.at(-1)!].join('\n');
    await expect(buildIndex([cut])).rejects.toThrow('The export is incomplete');
    const untrailed = await buildIndex([lines.slice(0, -1).join('\n')]);
    expect(untrailed.stats.complete).toBe(false);
  });

  it('keeps post text only for engaged posts by default', async () => {
    const engaged = await fixtureIndex(NETWORK_A);
    expect([...engaged.posts.kept]).toEqual([0, 1]);
    const all = await fixtureIndex(NETWORK_A, { keepPostText: 'all' });
    expect(all.posts.kept.length).toBe(4);
  });
});
