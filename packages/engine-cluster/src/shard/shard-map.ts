import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { DEFAULT_PREFIX, type ShardInfo } from './protocol';
import type { ShardSpec } from '@murmur/engine';

/** The JetStream key-value bucket holding the shard maps of sharded engines (scale-out). */
export const SHARD_MAP_BUCKET = 'murmur-engine';

/** How the accounts are split, and where the shards' data comes from. */
export interface ShardMap {
  shards: number;
  /** The subjects' prefix (protocol.ts). */
  prefix: string;
  /** The export or snapshot location the shards load (a file path or URL). */
  source: string;
}

/** A running replica, as it registered itself. */
export interface RegisteredReplica extends ShardInfo {
  /** When it registered (ISO time). */
  at: string;
}

const token = (prefix: string) => prefix.replace(/[^A-Za-z0-9_-]/g, '_');
const mapKey = (prefix: string) => `${token(prefix)}.map`;
const replicaKey = (prefix: string, info: Pick<ShardInfo, 'shard' | 'replica'>) =>
  `${token(prefix)}.replica.${info.shard}.${token(info.replica)}`;

const bucket = (nc: NatsConnection): Promise<KV> => new Kvm(nc).create(SHARD_MAP_BUCKET, { history: 1 });
const decoder = new TextDecoder();

/** Writes the shard map (`npm run dev:cluster` and deployments), replacing an older one. */
export async function publishShardMap(nc: NatsConnection, map: ShardMap): Promise<void> {
  await (await bucket(nc)).put(mapKey(map.prefix), JSON.stringify(map));
}

/** The shard map of `prefix`, or undefined when none was published. */
export async function readShardMap(
  nc: NatsConnection,
  prefix = DEFAULT_PREFIX,
): Promise<ShardMap | undefined> {
  const entry = await (await bucket(nc)).get(mapKey(prefix));
  if (!entry || entry.operation !== 'PUT') return undefined;
  return JSON.parse(decoder.decode(entry.value)) as ShardMap;
}

/** Registers a serving replica; the returned function removes it (on a clean stop). */
export async function registerReplica(
  nc: NatsConnection,
  info: ShardInfo,
  prefix = DEFAULT_PREFIX,
): Promise<() => Promise<void>> {
  const kv = await bucket(nc);
  const key = replicaKey(prefix, info);
  const registered: RegisteredReplica = { ...info, at: new Date().toISOString() };
  await kv.put(key, JSON.stringify(registered));
  return () => kv.delete(key);
}

/** The replicas registered under `prefix` (a replica killed without stopping stays listed). */
export async function registeredReplicas(
  nc: NatsConnection,
  prefix = DEFAULT_PREFIX,
): Promise<RegisteredReplica[]> {
  const kv = await bucket(nc);
  const out: RegisteredReplica[] = [];
  for await (const key of await kv.keys(`${token(prefix)}.replica.>`)) {
    const entry = await kv.get(key);
    if (entry?.operation === 'PUT') out.push(JSON.parse(decoder.decode(entry.value)) as RegisteredReplica);
  }
  return out.sort((a, b) => a.shard - b.shard || (a.replica < b.replica ? -1 : 1));
}

/** Where a shard's snapshot is (shard-snapshots.ts), and what it was built from. */
export interface SnapshotLocation {
  /** The JetStream object store bucket and the object's name in it. */
  bucket: string;
  name: string;
  /** The fingerprint of the export and split it was built from (shardFingerprint). */
  source: string;
  bytes: number;
  /** The snapshot's own checksum (its manifest's SHA-256 of the data). */
  sha256: string;
  /** When it was stored (ISO time). */
  at: string;
}

const snapshotKey = (prefix: string, spec: ShardSpec) =>
  `${token(prefix)}.snapshot.${spec.shard}-of-${spec.shards}`;

/** Records where the snapshot of a shard is (replacing an older record). */
export async function publishSnapshotLocation(
  nc: NatsConnection,
  prefix: string,
  spec: ShardSpec,
  location: SnapshotLocation,
): Promise<void> {
  await (await bucket(nc)).put(snapshotKey(prefix, spec), JSON.stringify(location));
}

/** Where the snapshot of a shard is, or undefined when none was recorded. */
export async function readSnapshotLocation(
  nc: NatsConnection,
  prefix: string,
  spec: ShardSpec,
): Promise<SnapshotLocation | undefined> {
  const entry = await (await bucket(nc)).get(snapshotKey(prefix, spec));
  if (!entry || entry.operation !== 'PUT') return undefined;
  return JSON.parse(decoder.decode(entry.value)) as SnapshotLocation;
}

/**
 * Where a live shard replica's snapshot is (live/live-shard-snapshots.ts): each replica writes its
 * own, at the live log position it had applied.
 */
export interface LiveSnapshotLocation extends SnapshotLocation {
  /** The replica that wrote it. */
  replica: string;
  /** The live log position the snapshot holds (per partition, the last sequence applied). */
  position: Record<string, number>;
}

const liveSnapshotKeys = (prefix: string, spec: ShardSpec) =>
  `${token(prefix)}.live-snapshot.${spec.shard}-of-${spec.shards}`;

/** Records where a live shard replica's snapshot is (replacing its older record). */
export async function publishLiveSnapshotLocation(
  nc: NatsConnection,
  prefix: string,
  spec: ShardSpec,
  location: LiveSnapshotLocation,
): Promise<void> {
  const key = `${liveSnapshotKeys(prefix, spec)}.${token(location.replica)}`;
  await (await bucket(nc)).put(key, JSON.stringify(location));
}

/** The live snapshots recorded for a shard, one per replica that wrote one. */
export async function readLiveSnapshotLocations(
  nc: NatsConnection,
  prefix: string,
  spec: ShardSpec,
): Promise<LiveSnapshotLocation[]> {
  const kv = await bucket(nc);
  const out: LiveSnapshotLocation[] = [];
  for await (const key of await kv.keys(`${liveSnapshotKeys(prefix, spec)}.*`)) {
    const entry = await kv.get(key);
    if (entry?.operation === 'PUT') out.push(JSON.parse(decoder.decode(entry.value)) as LiveSnapshotLocation);
  }
  return out;
}

/** Removes the record of a live shard replica's snapshot (removeLiveShardSnapshots). */
export async function removeLiveSnapshotLocation(
  nc: NatsConnection,
  prefix: string,
  spec: ShardSpec,
  replica: string,
): Promise<void> {
  await (await bucket(nc)).purge(`${liveSnapshotKeys(prefix, spec)}.${token(replica)}`);
}
