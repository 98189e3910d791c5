import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Objm, type ObjectStore } from '@nats-io/obj';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  indexFromShared,
  shareIndex,
  type SharedIndex,
  readSnapshot,
  SnapshotError,
  writeSnapshot,
  buildShard,
  type BuiltShard,
  type ShardSpec,
} from '@murmur/engine';
import { DEFAULT_PREFIX } from './protocol';
import { publishSnapshotLocation, readSnapshotLocation, type SnapshotLocation } from './shard-map';

/**
 * Shard snapshots in the JetStream object store (scale-out): a replica that built its shard from the
 * export writes the index as an engine snapshot (snapshot/snapshot-file.ts) into the bucket below and
 * records where it is, and what it was built from, in the shard map's KV bucket; the next replica of
 * that shard — a restart, a second replica, a new machine — loads it instead of reading the export.
 * A snapshot of another export or shard split, a corrupt object (the object store's digest and the
 * snapshot's own checksum are both checked) or a missing one is refused with the reason, and the
 * shard is built from the export again and the snapshot replaced: never half-loaded.
 */
export const SNAPSHOT_BUCKET = 'murmur-engine-snapshots';

export interface ShardSource extends ShardSpec {
  /** The bulk export the shard is built from. */
  exportFile: string;
  prefix?: string;
}

/** The shard's index (in shared memory) and term order, and how they were made. */
export interface OpenedShard extends BuiltShard {
  shared: SharedIndex;
  from: 'snapshot' | 'export';
  seconds: number;
  /** Why the stored snapshot was not used (absent when none was stored or it was used). */
  refused?: string;
  /** Where the snapshot now is, when one was loaded or saved. */
  location?: SnapshotLocation;
}

/**
 * What a shard is built from: the export file (its full path, size and modification time) and the
 * split. Two shards, or two exports, never share a fingerprint.
 */
export function shardFingerprint(source: ShardSource): string {
  const stat = statSync(source.exportFile);
  return `export ${resolve(source.exportFile)} ${stat.size} B ${stat.mtimeMs} · shard ${source.shard} of ${source.shards}`;
}

const objectName = (prefix: string, spec: ShardSpec) =>
  `${prefix.replace(/[^A-Za-z0-9_-]/g, '_')}.shard-${spec.shard}-of-${spec.shards}.snapshot`;

const store = (nc: NatsConnection): Promise<ObjectStore> => new Objm(nc).create(SNAPSHOT_BUCKET);

/**
 * The shard's engine: from its snapshot in the object store when there is a valid one for this
 * export and split, else built from the export (and the snapshot saved for the next replica).
 * Without `nc` (no JetStream) it always builds.
 */
export async function openShard(
  source: ShardSource,
  nc?: NatsConnection,
  log: (line: string) => void = () => undefined,
): Promise<OpenedShard> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const fingerprint = shardFingerprint(source);
  const prefix = source.prefix ?? DEFAULT_PREFIX;
  let refused: string | undefined;
  if (nc) {
    try {
      const loaded = await loadShardSnapshot(nc, prefix, source, fingerprint);
      if (loaded) return { ...loaded, from: 'snapshot', seconds: seconds() };
    } catch (error) {
      refused = (error as Error).message;
      log(`shard ${source.shard}: stored snapshot refused (${refused}); building from the export`);
    }
  }
  const stream = createReadStream(source.exportFile, { encoding: 'utf8', highWaterMark: 1 << 16 });
  const built = await buildShard(stream as AsyncIterable<string>, source);
  // The built index re-homed into shared memory: what a snapshot stores.
  const { shared, index } = shareIndex(built.index);
  const opened = { index, termOrder: built.termOrder, shared };
  const buildSeconds = seconds();
  let location: SnapshotLocation | undefined;
  if (nc) {
    try {
      location = await saveShardSnapshot(nc, prefix, source, fingerprint, opened);
    } catch (error) {
      log(`shard ${source.shard}: snapshot not saved (${(error as Error).message})`);
    }
  }
  return {
    ...opened,
    from: 'export',
    seconds: buildSeconds,
    ...(refused !== undefined && { refused }),
    ...(location && { location }),
  };
}

/**
 * The stored snapshot of this shard, loaded; undefined when none is recorded.
 * @throws SnapshotError when one is recorded but is of another export or split, missing or corrupt.
 */
export async function loadShardSnapshot(
  nc: NatsConnection,
  prefix: string,
  spec: ShardSpec,
  fingerprint: string,
): Promise<(Omit<OpenedShard, 'from' | 'seconds' | 'refused'> & { location: SnapshotLocation }) | undefined> {
  const location = await readSnapshotLocation(nc, prefix, spec);
  if (!location) return undefined;
  if (location.source !== fingerprint) {
    throw new SnapshotError(`it was built from ${location.source}, not ${fingerprint}`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'murmur-shard-snapshot-'));
  try {
    const file = await fetchSnapshotObject(nc, location.name, dir);
    const { index: shared } = readSnapshot(file, fingerprint);
    const index = indexFromShared(shared);
    // The term table carries the terms' export order (buildShard), which insights need.
    const termOrder = index.terms.firstSeen;
    if (termOrder?.length !== index.terms.size) {
      throw new SnapshotError(`the object ${location.name} holds no term order: it is not a shard snapshot`);
    }
    return { shared, index, termOrder, location };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Downloads the object `name` of the snapshot bucket into `dir` and returns the file's path.
 * @throws SnapshotError when it is missing or cannot be read whole (the object store's digest).
 */
export async function fetchSnapshotObject(nc: NatsConnection, name: string, dir: string): Promise<string> {
  const object = await (await store(nc)).get(name);
  if (!object) throw new SnapshotError(`the object ${name} is missing from ${SNAPSHOT_BUCKET}`);
  const file = join(dir, basename(name));
  // The object store checks its SHA-256 digest as the last chunk arrives (a corrupt object errors
  // the stream); readSnapshot checks the snapshot's own length, format, source and checksum.
  await Promise.all([
    pipeline(Readable.fromWeb(object.data as NodeReadableStream), createWriteStream(file)),
    object.error.then((error) => {
      if (error) throw error;
    }),
  ]).catch((error: unknown) => {
    throw new SnapshotError(`the object ${name} could not be read: ${(error as Error).message}`);
  });
  return file;
}

/** Deletes the object `name` of the snapshot bucket (nothing when it is not there). */
export async function deleteSnapshotObject(nc: NatsConnection, name: string): Promise<void> {
  await (await store(nc)).delete(name).catch(() => undefined);
}

/** Stores the snapshot `file` as the object `name` of the snapshot bucket (replacing an older one). */
export async function putSnapshotObject(
  nc: NatsConnection,
  name: string,
  file: string,
  description: string,
): Promise<{ bytes: number }> {
  const info = await (
    await store(nc)
  ).put({ name, description }, Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>);
  return { bytes: info.size };
}

/** Writes the shard's snapshot to the object store and records its location (replacing an older one). */
export async function saveShardSnapshot(
  nc: NatsConnection,
  prefix: string,
  spec: ShardSpec,
  fingerprint: string,
  shard: Pick<OpenedShard, 'shared'>,
): Promise<SnapshotLocation> {
  const dir = mkdtempSync(join(tmpdir(), 'murmur-shard-snapshot-'));
  try {
    const file = join(dir, 'shard.snapshot');
    const manifest = writeSnapshot(shard.shared, file, fingerprint);
    const name = objectName(prefix, spec);
    const { bytes } = await putSnapshotObject(nc, name, file, fingerprint);
    const location: SnapshotLocation = {
      bucket: SNAPSHOT_BUCKET,
      name,
      source: fingerprint,
      bytes,
      sha256: manifest.sha256,
      at: new Date().toISOString(),
    };
    await publishSnapshotLocation(nc, prefix, spec, location);
    return location;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
