// npm run dev:cluster -- --export <bulk export .ndjson> [--shards 4] [--replicas 2] [--nats <url>]
// A local sharded audience engine (scale-out): nats-server (unless --nats names one) and
// shards × replicas shard processes over the export, until Ctrl-C. An export of the sandbox:
//   BENCH_ACCOUNTS=100000 node --import tsx bench/engine/export-file.ts
import { parseArgs } from 'node:util';
import { connect } from '@nats-io/transport-node';
import { startNats, type RunningNats } from './nats-server';
import { DEFAULT_PREFIX } from './protocol';
import { publishShardMap } from './shard-map';
import { startReplicas } from './replicas';

const { values } = parseArgs({
  options: {
    export: { type: 'string' },
    shards: { type: 'string', default: '4' },
    replicas: { type: 'string', default: '2' },
    nats: { type: 'string' },
    prefix: { type: 'string' },
    'live-partitions': { type: 'string' },
  },
});
if (!values.export) {
  console.error(
    'usage: npm run dev:cluster -- --export <file> [--shards 4] [--replicas 2] [--nats <url>] [--live-partitions <n>]',
  );
  process.exit(2);
}
let nats: RunningNats | undefined;
const natsUrl = values.nats ?? (nats = await startNats({ jetstream: true })).url;
const log = (line: string) => console.log(line);
log(`NATS ${natsUrl}${nats ? ` (nats-server pid ${nats.pid})` : ''}`);
const cluster = await startReplicas({
  exportFile: values.export,
  natsUrl,
  shards: Number(values.shards),
  replicas: Number(values.replicas),
  ...(values.prefix && { prefix: values.prefix }),
  ...(values['live-partitions'] && { livePartitions: Number(values['live-partitions']) }),
  log,
});
const nc = await connect({ servers: natsUrl });
await publishShardMap(nc, {
  shards: Number(values.shards),
  prefix: values.prefix ?? DEFAULT_PREFIX,
  source: values.export,
});
await nc.close();
log(
  `${cluster.replicas.length} shard processes serve ${values.shards} shards on ${natsUrl} (subjects ${values.prefix ?? DEFAULT_PREFIX}.<shard>.<op>; shard map in the JetStream KV bucket murmur-engine); Ctrl-C stops them`,
);
const stop = async () => {
  await cluster.stop();
  await nats?.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
