// Starts Debian's nats-server for the sharded audience engine (scale-out) until Ctrl-C:
//   node scripts/nats.mjs [--port 4222] [--jetstream]
// The starter itself is packages/engine-cluster/src/shard/nats-server.ts (tests and dev:cluster use it);
// this plain module registers tsx for that one import, like the engine's worker bootstrap.
import { register } from 'tsx/esm/api';

const tsx = register({ namespace: 'murmur-nats' });
const { startNats } = await tsx.import(
  '../packages/engine-cluster/src/shard/nats-server.ts',
  import.meta.url,
);
const at = process.argv.indexOf('--port');
const nats = await startNats({
  ...(at > 0 && { port: Number(process.argv[at + 1]) }),
  jetstream: process.argv.includes('--jetstream'),
  log: (line) => console.error(line),
});
console.log(`nats-server ${nats.url} (pid ${nats.pid}); Ctrl-C stops it`);
const stop = () => void nats.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
