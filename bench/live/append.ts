// JetStream live log append rate (a benchmark, not a test): appends `count` like events to a
// throw-away stream on the machine's NATS and prints events/s, with the machine's load.
// Usage: node --import tsx bench/live/append.ts [count] [natsUrl]
import os from 'node:os';
import { connect } from '@nats-io/transport-node';
import { JetStreamLiveLog } from '../../packages/engine-cluster/src/live/jetstream-log';
import { likes } from '../../packages/engine-cluster/src/live/testing/events';

const count = Number(process.argv[2] ?? 50_000);
const url = process.argv[3] ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const nc = await connect({ servers: url });
const id = `${process.pid}_${Date.now()}`;
const log = await JetStreamLiveLog.open({
  nc,
  partitions: 8,
  stream: `MURMUR_LIVE_BENCH_${id}`,
  subjectPrefix: `murmur.bench.${id}.live`,
});
try {
  const events = likes(count);
  for (const batch of [500, 5_000]) {
    const runs = events.length / 2;
    const part = events.slice(batch === 500 ? 0 : runs, batch === 500 ? runs : events.length);
    const t0 = performance.now();
    let stored = 0;
    for (let i = 0; i < part.length; i += batch)
      stored += (await log.append(part.slice(i, i + batch))).stored;
    const s = (performance.now() - t0) / 1000;
    console.log(
      `append ${part.length} events in batches of ${batch}: ${(part.length / s).toFixed(0)} events/s (${stored} stored)`,
    );
  }
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
} finally {
  await log.destroy();
  await nc.close();
}
