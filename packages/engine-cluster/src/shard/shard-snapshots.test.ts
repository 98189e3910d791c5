import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Objm } from '@nats-io/obj';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inMemoryEngine, ShardInsights } from '@murmur/engine';
import { fixtureLines, NETWORK_A, pkg } from '@murmur/engine/testing';
import { startNats, type RunningNats } from './nats-server';
import { readSnapshotLocation } from './shard-map';
import { openShard, SNAPSHOT_BUCKET, type ShardSource } from './shard-snapshots';

const PACKAGES = [
  pkg({ handles: [{ handle: 'nasa' }] }),
  pkg({ keywords: [{ label: 'coffee' }] }),
  pkg({ gender: ['female'] }),
  pkg({ handles: [{ handle: 'nasa' }], gender: ['female'] }),
];

let dir: string;
let nats: RunningNats;
let nc: NatsConnection;
let source: ShardSource;
const PREFIX = 'test.snapshots';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'murmur-shard-snapshots-'));
  const exportFile = join(dir, 'export.ndjson');
  writeFileSync(exportFile, fixtureLines(NETWORK_A).join('\n') + '\n');
  source = { exportFile, shard: 1, shards: 2, prefix: PREFIX };
  nats = await startNats({ jetstream: true });
  nc = await connect({ servers: nats.url });
}, 30_000);

afterAll(async () => {
  await nc?.close();
  await nats?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const answers = (opened: Awaited<ReturnType<typeof openShard>>) => {
  const engine = inMemoryEngine(opened.index);
  return PACKAGES.map((p) => engine.estimate(p));
};

describe('shard snapshots in the JetStream object store', () => {
  it('builds from the export once, then loads the stored snapshot with the same answers', async () => {
    const built = await openShard(source, nc);
    expect(built.from).toBe('export');
    expect(built.refused).toBeUndefined();
    expect(built.location).toMatchObject({ bucket: SNAPSHOT_BUCKET });
    const recorded = await readSnapshotLocation(nc, PREFIX, source);
    expect(recorded).toEqual(built.location);

    const loaded = await openShard(source, nc);
    expect(loaded.from).toBe('snapshot');
    expect(loaded.index.population).toBe(built.index.population);
    expect(answers(loaded)).toEqual(answers(built));
    expect([...loaded.termOrder]).toEqual([...built.termOrder]);
    // The shard's insights (shard-insights.ts) see the same terms, populations and order in either.
    const dictionary = (o: typeof built) => new ShardInsights(o.index, o.termOrder).dictionary();
    expect(dictionary(loaded)).toEqual(dictionary(built));
  });

  it('keeps shards apart: another shard of the same export has its own snapshot', async () => {
    const other = await openShard({ ...source, shard: 0 }, nc);
    expect(other.from).toBe('export');
    expect(other.location?.name).not.toBe((await readSnapshotLocation(nc, PREFIX, source))?.name);
  });

  it('refuses a snapshot of a changed export and rebuilds', async () => {
    const later = new Date(Date.now() + 60_000);
    utimesSync(source.exportFile, later, later);
    const opened = await openShard(source, nc);
    expect(opened.from).toBe('export');
    expect(opened.refused).toMatch(/built from export .* not export/);
    expect((await openShard(source, nc)).from).toBe('snapshot');
  });

  it('refuses a corrupt object and rebuilds, never half-loading it', async () => {
    const location = (await readSnapshotLocation(nc, PREFIX, source))!;
    const store = await new Objm(nc).open(SNAPSHOT_BUCKET);
    const bytes = (await store.getBlob(location.name))!;
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 0xff; // one flipped byte of data, stored under the same name
    await store.putBlob({ name: location.name }, bytes);
    const opened = await openShard(source, nc);
    expect(opened.from).toBe('export');
    expect(opened.refused).toMatch(/corrupt/);
    expect(answers(opened)).toEqual(answers(await openShard(source, nc)));
  });

  it('builds without a snapshot when there is no NATS connection', async () => {
    const opened = await openShard(source);
    expect(opened.from).toBe('export');
    expect(opened.location).toBeUndefined();
  });
});
