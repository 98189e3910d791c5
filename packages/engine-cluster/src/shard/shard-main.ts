// One replica of one shard of the audience engine (scale-out), as a process:
//   node --import tsx packages/engine-cluster/src/shard/shard-main.ts \
//     --export <bulk export .ndjson> --shard <k> --shards <n> [--nats nats://127.0.0.1:4222] [--prefix murmur.engine]
//     [--live-partitions <n>]
// It loads its shard's snapshot or indexes its part of the export (shard-snapshots.ts), connects to NATS and answers its shard's
// subjects in the shard's queue group (shard-service.ts); one JSON line on stdout says it is ready.
// With --live-partitions it then follows the live log in JetStream (live/replica-live.ts).
import { parseArgs } from 'node:util';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { inMemoryEngine, ShardInsights } from '@murmur/engine';
import { registerReplica } from './shard-map';
import { serveShard } from './shard-service';
import { openShard } from './shard-snapshots';
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
  },
});
if (!values.export || values.shard === undefined || values.shards === undefined) {
  console.error('usage: shard-main --export <file> --shard <k> --shards <n> [--nats <url>] [--prefix <p>]');
  process.exit(2);
}
const spec = { shard: Number(values.shard), shards: Number(values.shards) };
const nc = await connect({ servers: values.nats, name: `murmur-shard-${spec.shard}-${process.pid}` });
// From the shard's snapshot in the JetStream object store when a valid one is there, else built from
// the export and stored for the next replica (shard-snapshots.ts); without JetStream, built.
const jetstream = await jetstreamManager(nc).then(
  () => true,
  () => false,
);
const built = await openShard(
  { exportFile: values.export, ...spec, ...(values.prefix && { prefix: values.prefix }) },
  jetstream ? nc : undefined,
  (line) => console.error(line),
);
const engine = inMemoryEngine(built.index);
const replica = values.replica ?? String(process.pid);
// Before serving: a replica that cannot follow the log it was told to follow must not answer.
const live = values['live-partitions']
  ? await followLive(nc, engine, { partitions: Number(values['live-partitions']), ...spec, replica })
  : undefined;
live?.done.catch((error: unknown) => {
  console.error(`live consumer stopped: ${(error as Error).message}`);
  process.exit(1);
});
const buildSeconds = built.seconds;
const service = serveShard({
  nc,
  engine,
  ...spec,
  ...(values.prefix && { prefix: values.prefix }),
  replica,
  insights: new ShardInsights(built.index, built.termOrder),
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
    from: built.from,
    rss: process.memoryUsage().rss,
  }),
);
const stop = async () => {
  await unregister?.().catch(() => undefined);
  await live?.stop();
  await service.close();
  await nc.drain();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
