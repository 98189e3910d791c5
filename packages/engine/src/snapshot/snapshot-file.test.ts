import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inMemoryEngine, shareEngine, sharedEngineFrom, type AudienceEngine } from '../engine';
import { accounts, fixtureIndex, type Fixture } from '../testing/fixture';
import { pkg } from '../testing/network-a';
import { readSnapshot, readSnapshotManifest, SnapshotError, writeSnapshot } from './snapshot-file';

/** 500 accounts with a thousand distinct bio words (so the term dictionary is stored as data). */
const NETWORK: Fixture = {
  accounts: accounts(500, (n) => ({
    handle: n % 9 === 0 ? `Ünï${n}` : `user${n}`,
    bio: `coffee word${n} term${n * 3} ${n % 2 ? '気候変動' : 'cricket'}`,
    country: n % 3 === 0 ? 'JP' : 'US',
    lang: n % 3 === 0 ? 'ja' : 'en',
    gender: n % 2 === 0 ? 'female' : 'male',
    age: ['18-20', '25-34', '35-49', null][n % 4] ?? null,
    follows: [(n * 7 + 1) % 500, (n * 13 + 5) % 500].filter((t) => t !== n),
  })),
  posts: Array.from({ length: 200 }, (_, i) => ({
    author: (i * 17) % 500,
    text: `Coffee and physics #science ${i}`,
    hashtags: ['science'],
    likedBy: i % 3 === 0 ? [(i * 5) % 500] : [],
    repostedBy: [],
  })),
};

const PACKAGES = [
  pkg({ keywords: [{ label: 'coffee' }], languages: [{ label: 'English' }] }),
  pkg({ keywords: [{ label: 'word42' }] }),
  pkg({ handles: [{ handle: 'user1' }, { handle: 'ünï9' }], gender: ['FEMALE'] }),
  pkg({ keywords: [{ label: '気候変動' }], age: ['AGE_OVER_25'] }),
];

function answers(engine: AudienceEngine): unknown {
  return JSON.parse(
    JSON.stringify(
      PACKAGES.map((p) => {
        const audience = engine.evaluate(p);
        return {
          estimate: engine.estimate(p),
          members: Array.from(audience.accounts.toArray()),
          insights: engine.insights(audience),
          lookup: engine.lookup('keywords', 'wo', 5),
          found: engine.findAccount('@USER42'),
        };
      }),
      (key, v: unknown) => (key === 'ms' ? undefined : v),
    ),
  );
}

let dir: string;
let file: string;
let expected: unknown;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'murmur-snapshot-'));
  file = join(dir, 'index.snapshot');
  const built = await fixtureIndex(NETWORK);
  expected = answers(inMemoryEngine(built));
  const shared = shareEngine(await fixtureIndex(NETWORK));
  writeSnapshot(shared.index, file, 'fixture:500');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('engine snapshots', () => {
  it('load back into shared memory and answer exactly as the index they were written from', () => {
    const { index, manifest } = readSnapshot(file, 'fixture:500');
    expect(manifest.source).toBe('fixture:500');
    expect(index.present.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(answers(sharedEngineFrom(index).engine)).toEqual(expected);
    expect(readSnapshotManifest(file).sha256).toBe(manifest.sha256);
  });

  const copy = (name: string, change: (bytes: Buffer) => Buffer): string => {
    const target = join(dir, name);
    writeFileSync(target, change(readFileSync(file)));
    return target;
  };

  it.each([
    [
      'one altered byte of data',
      (b: Buffer) => {
        b[b.length - 5]! ^= 1;
        return b;
      },
      /checksum/,
    ],
    ['a truncated file', (b: Buffer) => b.subarray(0, b.length - 100), /truncated/],
    ['an appended byte', (b: Buffer) => Buffer.concat([b, Buffer.from([0])]), /truncated or padded/],
    ['another kind of file', () => Buffer.from('{"accounts": []}\n'), /not an engine snapshot/],
    ['a cut manifest', (b: Buffer) => b.subarray(0, 30), /ended inside its manifest/],
  ] as const)('refuse %s with a clear message, loading nothing', (name, change, message) => {
    const bad = copy(name.replace(/\W+/g, '-'), change);
    expect(() => readSnapshot(bad)).toThrow(SnapshotError);
    expect(() => readSnapshot(bad)).toThrow(message);
  });

  it('refuse another format version and another source', () => {
    const text = readFileSync(file);
    const other = copy('format', () =>
      Buffer.from(text.toString('latin1').replace('"format":1', '"format":9'), 'latin1'),
    );
    expect(() => readSnapshot(other)).toThrow(/format 9; this engine reads format 1/);
    expect(() => readSnapshot(file, 'sandbox:other')).toThrow(/another source/);
    expect(() => readSnapshot(join(dir, 'missing.snapshot'))).toThrow(/Cannot open/);
  });

  it('are written whole: no temporary file is left beside them', () => {
    expect(statSync(file).size).toBeGreaterThan(1000);
    const leftovers = readdirSync(dir).filter((f) => f.endsWith('.tmp'));
    expect(leftovers).toEqual([]);
  });
});
