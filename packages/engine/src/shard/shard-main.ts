// One replica of one shard of the audience engine (issue 18), as a process:
//   node --import tsx packages/engine/src/shard/shard-main.ts \
//     --export <bulk export .ndjson> --shard <k> --shards <n> [--nats nats://127.0.0.1:4222] [--prefix murmur.engine]
// It indexes its part of the export (shard-index.ts), connects to NATS and answers its shard's
// subjects in the shard's queue group (shard-service.ts); one JSON line on stdout says it is ready.
import { createReadStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { connect } from '@nats-io/transport-node';
import { inMemoryEngine } from '../engine';
import { buildShard } from './shard-index';
import { ShardInsights } from './shard-insights';
import { registerReplica } from './shard-map';
import { serveShard } from './shard-service';

const { values } = parseArgs({
  options: {
    export: { type: 'string' },
    shard: { type: 'string' },
    shards: { type: 'string' },
    nats: { type: 'string', default: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' },
    prefix: { type: 'string' },
    replica: { type: 'string' },
  },
});
if (!values.export || values.shard === undefined || values.shards === undefined) {
  console.error('usage: shard-main --export <file> --shard <k> --shards <n> [--nats <url>] [--prefix <p>]');
  process.exit(2);
}
const spec = { shard: Number(values.shard), shards: Number(values.shards) };
const started = performance.now();
const source = createReadStream(values.export, { encoding: 'utf8', highWaterMark: 1 << 16 });
const built = await buildShard(source as AsyncIterable<string>, spec);
const engine = inMemoryEngine(built.index);
const buildSeconds = (performance.now() - started) / 1000;
const nc = await connect({ servers: values.nats, name: `murmur-shard-${spec.shard}-${process.pid}` });
const service = serveShard({
  nc,
  engine,
  ...spec,
  ...(values.prefix && { prefix: values.prefix }),
  replica: values.replica ?? String(process.pid),
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
    rss: process.memoryUsage().rss,
  }),
);
const stop = async () => {
  await unregister?.().catch(() => undefined);
  await service.close();
  await nc.drain();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
