// A shard replica's live consumer in its own process, for the crash rounds (replica-live.test.ts): it
// follows the JetStream live log as shard-main.ts does (followLive) into an AppliedFile and prints one
// line per applied batch, until killed.
//   node --import tsx crash-replica.ts <natsUrl> <stream> <partitions> <shard> <shards> <replica> <file> <delayMs>
import { connect } from '@nats-io/transport-node';
import { followLive } from '../replica-live';
import { AppliedFile } from './applied-file';

const [url, stream, partitions, shard, shards, replica, file, delayMs] = process.argv.slice(2);
if (!url || !stream || !partitions || !shard || !shards || !replica || !file || !delayMs) {
  console.error(
    'usage: crash-replica <natsUrl> <stream> <partitions> <shard> <shards> <replica> <file> <delayMs>',
  );
  process.exit(2);
}
const nc = await connect({ servers: url });
const consumer = await followLive(nc, new AppliedFile(file, Number(delayMs)), {
  partitions: Number(partitions),
  shard: Number(shard),
  shards: Number(shards),
  replica,
  stream,
  batch: 20,
  waitMs: 200,
});
console.log('ready');
await consumer.done;
