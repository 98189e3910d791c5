// A live consumer in its own process, for the crash test (jetstream-log.test.ts): it consumes the
// JetStream live log into an AppliedFile and prints one line per applied batch, until killed.
//   node --import tsx crash-consumer.ts <natsUrl> <stream> <subjectPrefix> <partitions> <durable> <file> <delayMs>
import { connect } from '@nats-io/transport-node';
import { consumeLive } from '../consume-live';
import { JetStreamLiveLog } from '../jetstream-log';
import { AppliedFile } from './applied-file';

const [url, stream, subjectPrefix, partitions, durableName, file, delayMs] = process.argv.slice(2);
if (!url || !stream || !subjectPrefix || !partitions || !durableName || !file || !delayMs) {
  console.error(
    'usage: crash-consumer <natsUrl> <stream> <subjectPrefix> <partitions> <durable> <file> <delayMs>',
  );
  process.exit(2);
}
const nc = await connect({ servers: url });
const log = await JetStreamLiveLog.open({ nc, stream, subjectPrefix, partitions: Number(partitions) });
const consumer = await consumeLive({
  log,
  engine: new AppliedFile(file, Number(delayMs)),
  durableName,
  batch: 20,
  waitMs: 200,
  onApplied: (a) => console.log(JSON.stringify(a)),
});
console.log('ready');
await consumer.done;
