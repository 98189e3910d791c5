// A parse worker of the parallel build (build-parallel.ts): reads the byte ranges ("chunks") of the
// export it is given, in order, parses their lines and posts them folded (folded-batch.ts). It keeps
// at most `inFlight` batches unmerged: past that it waits for the main thread's credit, so memory
// stays bounded however far ahead of the merge it is.
import { closeSync, openSync, read } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { parentPort, workerData } from 'node:worker_threads';
import { LineSplitter, type KeepPostText, lineKind } from '@murmur/engine/ingest';
import { BatchWriter, type FoldedBatch } from './folded-batch';

export interface ParseWorkerData {
  path: string;
  keep: KeepPostText;
  inFlight: number;
  /** Input bytes per batch. */
  batchBytes: number;
}
export type ToParseWorker =
  { type: 'chunk'; chunk: number; start: number; end: number } | { type: 'credit' } | { type: 'stop' };

const port = parentPort!;
const data = workerData as ParseWorkerData;
const writer = new BatchWriter(data.keep);
const jobs: Extract<ToParseWorker, { type: 'chunk' }>[] = [];
let credits = data.inFlight;
let wake: (() => void) | undefined;
const signal = () => {
  const w = wake;
  wake = undefined;
  w?.();
};
const waitForMessage = () => new Promise<void>((resolve) => (wake = resolve));

const fd = openSync(data.path, 'r');
// Two buffers: the next block is read (on libuv's thread pool) while this one is parsed, as a read
// stream's read-ahead does for the sequential build; a file not in the page cache would otherwise
// leave the worker waiting on the disk between blocks.
const buffers = [Buffer.allocUnsafe(1 << 20), Buffer.allocUnsafe(1 << 20)] as const;
const readBlock = (buffer: Buffer, at: number, end: number): Promise<number> =>
  at >= end
    ? Promise.resolve(0)
    : new Promise((resolve, reject) =>
        read(fd, buffer, 0, Math.min(buffer.length, end - at), at, (error, n) =>
          error ? reject(error) : resolve(n),
        ),
      );

port.on('message', (m: ToParseWorker) => {
  // File descriptors belong to the process, not the thread: close it before the thread ends.
  if (m.type === 'stop') {
    closeSync(fd);
    process.exit(0);
  }
  if (m.type === 'credit') credits++;
  else jobs.push(m);
  signal();
});

async function send(chunk: number, last: boolean, error?: FoldedBatch['error']): Promise<void> {
  while (credits === 0) await waitForMessage();
  credits--;
  const [batch, transfer] = writer.take(chunk, last, error);
  port.postMessage(batch, transfer);
}

async function run(job: (typeof jobs)[number]): Promise<void> {
  const decoder = new StringDecoder('utf8');
  const splitter = new LineSplitter();
  let error: FoldedBatch['error'];
  const onLine = (text: string) => {
    if (error) return;
    writer.lines++;
    const kind = lineKind(text);
    if (kind === 'blank') return;
    if (kind === 'skip') return writer.skipped();
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      error = { line: writer.lines, head: text.slice(0, 80) };
      return;
    }
    writer.add(value);
  };
  let sinceBatch = 0;
  let at = job.start;
  let which: 0 | 1 = 0;
  let next = readBlock(buffers[which], at, job.end);
  try {
    while (!error) {
      const n = await next;
      if (n === 0) break;
      const block = buffers[which];
      at += n;
      which = which === 0 ? 1 : 0;
      next = readBlock(buffers[which], at, job.end);
      splitter.push(decoder.write(block.subarray(0, n)), onLine);
      sinceBatch += n;
      if (sinceBatch >= data.batchBytes && !error) {
        sinceBatch = 0;
        await send(job.chunk, false);
      }
    }
  } finally {
    // A read still in flight must land before its buffer serves the next chunk.
    await next.catch(() => 0);
  }
  if (!error) {
    const rest = decoder.end();
    if (rest) splitter.push(rest, onLine);
    splitter.end(onLine);
  }
  await send(job.chunk, true, error);
}

for (;;) {
  const job = jobs.shift();
  if (job) await run(job);
  else await waitForMessage();
}
