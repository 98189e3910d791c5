import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  createLiveShardEngine,
  readLiveShardSnapshot,
  writeLiveShardSnapshot,
  type LiveShardEngine,
  type ShardSpec,
  type StreamPosition,
} from '@murmur/engine';
import { DEFAULT_PREFIX } from '../shard/protocol';
import {
  publishLiveSnapshotLocation,
  readLiveSnapshotLocations,
  removeLiveSnapshotLocation,
  type LiveSnapshotLocation,
} from '../shard/shard-map';
import {
  deleteSnapshotObject,
  fetchSnapshotObject,
  putSnapshotObject,
  shardFingerprint,
  SNAPSHOT_BUCKET,
} from '../shard/shard-snapshots';
import type { JetStreamLiveLog } from './jetstream-log';

/**
 * Live shard snapshots (docs/LIVE.md "The collector process and shard replicas"): a live shard
 * replica writes its engine — every record it keeps, the live state, and the live log position it
 * has applied — into the shard snapshots' object store bucket, every `everyMs` and when it stops,
 * and records where in the shard map's KV bucket (one object and one record per replica: a replica
 * is the only writer of its own). A replica that starts loads the recorded snapshot of its shard
 * furthest along the log (its own or another replica's: every replica of a shard owns the same
 * accounts) and its consumer resumes after that snapshot's position, so it replays only what came
 * after; none usable (another export, split or log, missing or corrupt): it builds from the export
 * and replays the whole log.
 */
export interface LiveShardSource extends ShardSpec {
  /** The bulk export the shard is built from when no snapshot serves. */
  exportFile: string;
  /** The sharded engine's subjects' prefix (protocol.ts), which names its snapshots. */
  prefix?: string;
  /** This replica's name (its snapshot's object and record). */
  replica: string;
}

/**
 * What a live shard snapshot is of: the export and split (shardFingerprint) and the live log it
 * follows — its stream, that stream's creation time (a position means nothing in a stream made
 * again) and its partitions.
 */
export async function liveShardFingerprint(source: LiveShardSource, log: JetStreamLiveLog): Promise<string> {
  // "in sequence order": the numbering of what is born live is the log's order (followLive); an
  // older snapshot, applied partition by partition in its own interleaving, is refused.
  return `live · ${shardFingerprint({ ...source })} · log ${log.stream} created ${await log.created()}, ${log.partitions} partitions in sequence order`;
}

export interface OpenedLiveShard {
  engine: LiveShardEngine;
  from: 'snapshot' | 'export';
  /** Seconds to load the snapshot or to build from the export. */
  seconds: number;
  /** The fingerprint its snapshots are written and read with. */
  fingerprint: string;
  /** The snapshot loaded. */
  location?: LiveSnapshotLocation;
  /** Why recorded snapshots were not used, one line each. */
  refused: string[];
}

const events = (position: StreamPosition) => Object.values(position).reduce((a, b) => a + b, 0);
const objectName = (prefix: string, source: LiveShardSource) =>
  `${prefix.replace(/[^A-Za-z0-9_-]/g, '_')}.live-shard-${source.shard}-of-${source.shards}.r${source.replica.replace(/[^A-Za-z0-9_-]/g, '_')}.snapshot`;

/**
 * The live shard's engine: from the shard's snapshot furthest along the log (ties: this replica's
 * own), else built from the export at position {}.
 */
export async function openLiveShard(
  source: LiveShardSource,
  nc: NatsConnection,
  log: JetStreamLiveLog,
  say: (line: string) => void = () => undefined,
): Promise<OpenedLiveShard> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const prefix = source.prefix ?? DEFAULT_PREFIX;
  const fingerprint = await liveShardFingerprint(source, log);
  const refused: string[] = [];
  const refuse = (location: LiveSnapshotLocation, why: string) => {
    const line = `shard ${source.shard}: live snapshot of replica ${location.replica} refused (${why})`;
    refused.push(line);
    say(line);
  };
  const candidates: LiveSnapshotLocation[] = [];
  for (const location of await readLiveSnapshotLocations(nc, prefix, source)) {
    if (location.source === fingerprint) candidates.push(location);
    else refuse(location, `it was built from ${location.source}, not ${fingerprint}`);
  }
  candidates.sort(
    (a, b) =>
      events(b.position) - events(a.position) ||
      Number(b.replica === source.replica) - Number(a.replica === source.replica),
  );
  for (const location of candidates) {
    const dir = mkdtempSync(join(tmpdir(), 'murmur-live-shard-'));
    try {
      const file = await fetchSnapshotObject(nc, location.name, dir);
      const engine = readLiveShardSnapshot(file, source, fingerprint);
      return { engine, from: 'snapshot', seconds: seconds(), fingerprint, location, refused };
    } catch (error) {
      refuse(location, (error as Error).message);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const stream = createReadStream(source.exportFile, { encoding: 'utf8', highWaterMark: 1 << 16 });
  const engine = await createLiveShardEngine(stream as AsyncIterable<string>, source);
  return { engine, from: 'export', seconds: seconds(), fingerprint, refused };
}

export interface LiveShardSnapshots {
  /**
   * Writes a snapshot now (after a background compaction) and records it; undefined when nothing
   * was applied since the last one (or since the engine was opened), or the write failed.
   */
  write(): Promise<LiveSnapshotLocation | undefined>;
  /** Stops the timer and writes the last snapshot (call it once the consumer has stopped). */
  close(): Promise<void>;
}

/** Writes `engine`'s snapshots every `everyMs` (0: only on `close`), one at a time. */
export function writeLiveShardSnapshots(
  nc: NatsConnection,
  engine: LiveShardEngine,
  options: {
    source: LiveShardSource;
    fingerprint: string;
    /**
     * The position already stored: the loaded snapshot's ({} for an engine built from the export).
     * Until the engine has moved past it there is nothing to write.
     */
    stored: StreamPosition;
    everyMs: number;
    onWritten?: (location: LiveSnapshotLocation, seconds: number) => void;
    onProblem?: (message: string) => void;
  },
): LiveShardSnapshots {
  const { source, fingerprint } = options;
  const prefix = source.prefix ?? DEFAULT_PREFIX;
  // The position says what was applied (a compaction publishes a version, and changes nothing).
  const mark = () => JSON.stringify(engine.position());
  let written = JSON.stringify(options.stored);
  let writing: Promise<LiveSnapshotLocation | undefined> = Promise.resolve(undefined);
  const write = () =>
    (writing = writing.then(async () => {
      if (mark() === written) return undefined;
      const started = performance.now();
      const dir = mkdtempSync(join(tmpdir(), 'murmur-live-shard-'));
      try {
        // In slices between batches first, so that the blocking fold inside the write is small.
        await engine.compactInBackground();
        // Synchronous from here to the file: the consumer applies whole batches in between
        // (followLive's engine.apply), so the position and the index written agree.
        const file = join(dir, 'live-shard.snapshot');
        const now = mark();
        const manifest = writeLiveShardSnapshot(engine, file, fingerprint);
        const name = objectName(prefix, source);
        const { bytes } = await putSnapshotObject(nc, name, file, fingerprint);
        const location: LiveSnapshotLocation = {
          bucket: SNAPSHOT_BUCKET,
          name,
          source: fingerprint,
          bytes,
          sha256: manifest.sha256,
          at: new Date().toISOString(),
          replica: source.replica,
          position: manifest.position ?? {},
        };
        await publishLiveSnapshotLocation(nc, prefix, source, location);
        written = now;
        options.onWritten?.(location, (performance.now() - started) / 1000);
        return location;
      } catch (error) {
        options.onProblem?.(`shard ${source.shard}: live snapshot not written (${(error as Error).message})`);
        return undefined;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }));
  // A tick while a write is under way is skipped (a write slower than the period would queue them).
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    void write().finally(() => (busy = false));
  };
  const timer = options.everyMs > 0 ? setInterval(tick, options.everyMs) : undefined;
  timer?.unref();
  return {
    write,
    async close() {
      clearInterval(timer);
      await write();
    },
  };
}

/**
 * Removes every live snapshot of a shard, objects and records (a log started over, tests); returns
 * how many there were.
 */
export async function removeLiveShardSnapshots(
  nc: NatsConnection,
  prefix: string,
  spec: ShardSpec,
): Promise<number> {
  const locations = await readLiveSnapshotLocations(nc, prefix, spec);
  for (const location of locations) {
    await deleteSnapshotObject(nc, location.name);
    await removeLiveSnapshotLocation(nc, prefix, spec, location.replica);
  }
  return locations.length;
}
