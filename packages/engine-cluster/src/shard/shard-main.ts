// One replica of one shard of the audience engine (scale-out), as a process:
//   node --import tsx packages/engine-cluster/src/shard/shard-main.ts \
//     --export <bulk export .ndjson> --shard <k> --shards <n> [--nats nats://127.0.0.1:4222] [--prefix murmur.engine]
//     [--live-partitions <n> [--live-stream MURMUR_LIVE] [--live-snapshot-seconds 600]]
// It loads its shard's snapshot or indexes its part of the export (shard-snapshots.ts), connects to NATS and answers its shard's
// subjects in the shard's queue group (shard-service.ts); one JSON line on stdout says it is ready.
// With --live-partitions it is a live shard instead (@murmur/engine createLiveShardEngine) that
// follows the live log in JetStream (live/replica-live.ts): it starts from its shard's live snapshot
// furthest along the log, else from the export, and writes its own every --live-snapshot-seconds and
// when it stops (live/live-shard-snapshots.ts). JSON lines on stdout: `ready` (with the position it
// started from), `live` (events applied since start and the position, at most once a second) and
// `snapshot` (each one written). A live shard serves insights and lookalikes over any number of
// partitions (it applies the log in its sequence order, as every replica does), each question over
// the version its replica pinned for it (live-questions.ts).
import { parseArgs } from 'node:util';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import {
  inMemoryEngine,
  LiveShardQuestions,
  ShardInsights,
  ShardLookalike,
  type AudienceEngine,
  type LiveShardEngine,
} from '@murmur/engine';
import { registerReplica } from './shard-map';
import { serveShard } from './shard-service';
import { followSets } from './shard-sets';
import { openShard } from './shard-snapshots';
import { JetStreamLiveLog } from '../live/jetstream-log';
import { consumerStatus } from '../live/shard-live-status';
import {
  openLiveShard,
  writeLiveShardSnapshots,
  type LiveShardSnapshots,
} from '../live/live-shard-snapshots';
import { followLive } from '../live/replica-live';

const { values } = parseArgs({
  options: {
    export: { type: 'string' },
    shard: { type: 'string' },
    shards: { type: 'string' },
    nats: { type: 'string', default: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' },
    prefix: { type: 'string' },
    replica: { type: 'string' },
    'live-partitions': { type: 'string' },
    'live-stream': { type: 'string' },
    'live-snapshot-seconds': { type: 'string', default: '600' },
  },
});
if (!values.export || values.shard === undefined || values.shards === undefined) {
  console.error('usage: shard-main --export <file> --shard <k> --shards <n> [--nats <url>] [--prefix <p>]');
  process.exit(2);
}
const spec = { shard: Number(values.shard), shards: Number(values.shards) };
const nc = await connect({ servers: values.nats, name: `murmur-shard-${spec.shard}-${process.pid}` });
const livePartitions = values['live-partitions'] ? Number(values['live-partitions']) : undefined;
const replica = values.replica ?? String(process.pid);
let engine: AudienceEngine;
/** A live shard's engine, log, snapshots' fingerprint and the position it started from. */
let liveShard:
  | { engine: LiveShardEngine; log: JetStreamLiveLog; fingerprint: string; position: Record<string, number> }
  | undefined;
const liveSource = {
  exportFile: values.export,
  ...spec,
  ...(values.prefix && { prefix: values.prefix }),
  replica,
};
let insights: ShardInsights | undefined;
/** A live shard's insights and lookalikes, per question. */
let liveInsights: LiveShardQuestions | undefined;
let lookalikes: ShardLookalike | undefined;
let from: 'snapshot' | 'export';
let buildSeconds: number;
const jetstream = await jetstreamManager(nc).then(
  () => true,
  () => false,
);
if (livePartitions) {
  // A live shard: from its shard's live snapshot furthest along the log, else from the export (and
  // then the whole log).
  if (!jetstream) {
    console.error('a live shard follows the live log in JetStream: this NATS has no JetStream');
    process.exit(1);
  }
  const log = await JetStreamLiveLog.open({
    nc,
    partitions: livePartitions,
    ...(values['live-stream'] && { stream: values['live-stream'] }),
  });
  const opened = await openLiveShard(liveSource, nc, log, (line) => console.error(line));
  liveShard = {
    engine: opened.engine,
    log,
    fingerprint: opened.fingerprint,
    position: opened.engine.position(),
  };
  engine = opened.engine;
  // Insights and lookalikes need every replica of every shard to number the accounts and posts born
  // live alike: followLive applies the log in its sequence order, one order for every replica
  // (docs/LIVE.md, "Insights on live shards", "Lookalikes on live shards").
  liveInsights = new LiveShardQuestions(opened.engine);
  from = opened.from;
  buildSeconds = opened.seconds;
} else {
  // From the shard's snapshot in the JetStream object store when a valid one is there, else built
  // from the export and stored for the next replica (shard-snapshots.ts); without JetStream, built.
  const built = await openShard(
    { exportFile: values.export, ...spec, ...(values.prefix && { prefix: values.prefix }) },
    jetstream ? nc : undefined,
    (line) => console.error(line),
  );
  engine = inMemoryEngine(built.index);
  insights = new ShardInsights(built.index, built.termOrder);
  lookalikes = new ShardLookalike(built.index, spec);
  from = built.from;
  buildSeconds = built.seconds;
}
// The sets pushed to this shard (shard-sets.ts), registered before serving: a restarted replica
// answers with the uploaded lists and seeds the others hold. Without JetStream there are none.
const sets = jetstream
  ? await followSets(nc, engine, { ...spec, prefix: values.prefix }, (line) => console.error(line)).catch(
      (error: unknown) => {
        console.error(`pushed sets not followed: ${(error as Error).message}`);
        return undefined;
      },
    )
  : undefined;
// Before serving: a replica that cannot follow the log it was told to follow must not answer.
let applied = 0;
const live = liveShard
  ? await followLive(nc, liveShard.engine, {
      partitions: livePartitions!,
      ...spec,
      replica,
      log: liveShard.log,
      onApplied: (batch) => (applied += batch.events),
    })
  : undefined;
// Events applied since this process started, and the position: at most once a second.
let reported = '';
const progress = liveShard
  ? setInterval(() => {
      const line = JSON.stringify({ live: { applied, position: liveShard.engine.position() } });
      if (line !== reported) console.log((reported = line));
    }, 1000)
  : undefined;
progress?.unref();
const snapshots: LiveShardSnapshots | undefined = liveShard
  ? writeLiveShardSnapshots(nc, liveShard.engine, {
      source: liveSource,
      fingerprint: liveShard.fingerprint,
      stored: liveShard.position,
      everyMs: Number(values['live-snapshot-seconds']) * 1000,
      onWritten: (location, seconds) =>
        console.log(
          JSON.stringify({
            snapshot: {
              position: location.position,
              bytes: location.bytes,
              seconds: Number(seconds.toFixed(3)),
              applied,
            },
          }),
        ),
      onProblem: (message) => console.error(message),
    })
  : undefined;
live?.done.catch((error: unknown) => {
  console.error(`live consumer stopped: ${(error as Error).message}`);
  process.exit(1);
});
const service = serveShard({
  nc,
  engine,
  ...spec,
  ...(values.prefix && { prefix: values.prefix }),
  replica,
  ...(insights && { insights }),
  ...(liveInsights && { liveInsights }),
  ...(lookalikes && { lookalike: lookalikes }),
  ...(sets && { sets }),
  // Where this replica stands on the live log: the API re-counts the communities as it moves.
  ...(live && { liveStatus: consumerStatus(live) }),
});
await nc.flush();
// The replica in the JetStream shard map (shard-map.ts), when the server runs JetStream.
const unregister = await registerReplica(nc, service.info, values.prefix).catch((error: unknown) => {
  console.error(`not registered in the shard map: ${(error as Error).message}`);
  return undefined;
});
console.log(
  JSON.stringify({
    ready: true,
    ...spec,
    pid: process.pid,
    accounts: engine.stats.accounts,
    bytes: engine.stats.bytes,
    buildSeconds: Number(buildSeconds.toFixed(2)),
    from,
    // A live shard: the position it started from (its snapshot's; {} from the export).
    ...(liveShard && { position: liveShard.position }),
    rss: process.memoryUsage().rss,
  }),
);
const stop = async () => {
  await unregister?.().catch(() => undefined);
  await live?.stop();
  clearInterval(progress);
  // The consumer has stopped: this snapshot's position is the last applied.
  await snapshots?.close();
  sets?.stop();
  await service.close();
  await nc.drain();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
