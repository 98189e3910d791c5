// @murmur/engine-cluster — the audience engine across processes (ARCHITECTURE §3): shards and their
// replicas on NATS, the sharded engine the API server asks, and the parallel build of an export file
// on worker threads. The engine itself (@murmur/engine) imports only @murmur/core and Node's standard
// library; everything here that spawns, listens or talks to NATS lives in this package. See README.md.
export { buildIndexFromFile } from './parallel/build-file';
export { ExportFile, exportFile } from './parallel/export-file';
export { serveShard, type ShardServiceOptions } from './shard/shard-service';
export {
  connectShardedEngine,
  ShardedEngine,
  type ShardedEngineOptions,
  type ShardLiveReport,
} from './shard/sharded-engine';
export {
  startReplica,
  startReplicas,
  type LiveSnapshotWritten,
  type ReplicaOptions,
  type ShardReplica,
} from './shard/replicas';
export { DEFAULT_PREFIX, type ShardInfo, type ShardLivePartition } from './shard/protocol';
export { consumerStatus, mergeLiveStatus } from './live/shard-live-status';
export { startNats, type RunningNats } from './shard/nats-server';
export {
  publishShardMap,
  readShardMap,
  registeredReplicas,
  registerReplica,
  readSnapshotLocation,
  readLiveSnapshotLocations,
  SHARD_MAP_BUCKET,
  type LiveSnapshotLocation,
  type RegisteredReplica,
  type ShardMap,
  type SnapshotLocation,
} from './shard/shard-map';
export { followSets, PushedSets, SETS_BUCKET, type FollowedSets } from './shard/shard-sets';
export { openShard, SNAPSHOT_BUCKET, type OpenedShard, type ShardSource } from './shard/shard-snapshots';
export {
  checkPartitions,
  partitionOfEvent,
  type AppendResult,
  type LiveLog,
  type LiveReader,
  type LoggedEvent,
} from './live/live-log';
export { MemoryLiveLog } from './live/memory-log';
export {
  JetStreamLiveLog,
  connectJetStreamLiveLog,
  LIVE_STREAM,
  LIVE_SUBJECT_PREFIX,
  type JetStreamLiveLogOptions,
} from './live/jetstream-log';
export {
  consumeLive,
  type ConsumeLiveOptions,
  type LiveConsumer,
  type LiveEngine,
  type PartitionLag,
} from './live/consume-live';
export { followLive, isLiveEngine, replicaDurableName } from './live/replica-live';
export {
  liveShardFingerprint,
  openLiveShard,
  removeLiveShardSnapshots,
  writeLiveShardSnapshots,
  type LiveShardSnapshots,
  type LiveShardSource,
  type OpenedLiveShard,
} from './live/live-shard-snapshots';
