import { closeSync, fstatSync, openSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import {
  type AudienceIndex,
  LineSplitter,
  LineReader,
  RecordSink,
  type BuildOptions,
} from '@murmur/engine/ingest';
import { inSlices } from '@murmur/engine';
import { byteRanges, readHead } from './byte-ranges';
import type { ExportFile } from './export-file';
import type { FoldedBatch } from './folded-batch';
import { BatchMerger } from './merge-batch';
import type { ParseWorkerData, ToParseWorker } from './parse-worker';

// A plain module that registers tsx, then loads parse-worker.ts (see its comment).
const WORKER = new URL('./parse-worker.mjs', import.meta.url);
/**
 * Batches a worker may have unmerged. Merging is in file order, so a worker ahead of the one holding
 * the chunk being merged can only keep parsing while its batches wait: this allows it a few chunks'
 * worth (ranges of 16 MB, batches of 8 MB input), ~100 MB per worker at most.
 */
const IN_FLIGHT = 8;
const BATCH_BYTES = 8 << 20;
/** Chunks queued per worker, so that none idles while the main thread is busy merging. */
const QUEUED = 2;

/**
 * Builds the index from an export file with `file.threads` worker threads parsing it (scale-out: the
 * read stage, JSON.parse and folding, is most of a build). The file is cut into byte ranges at line
 * boundaries; workers parse ranges and post compact batches, which this thread folds into the
 * builders strictly in file order (merge-batch.ts), so the index is the sequential build's, byte for
 * byte, and errors name the same line.
 */
export async function buildIndexInParallel(file: ExportFile, options: BuildOptions): Promise<AudienceIndex> {
  const sink = new RecordSink(options);
  const reader = new LineReader(sink);
  const fd = openSync(file.path, 'r');
  let ranges: [number, number][];
  try {
    const size = fstatSync(fd).size;
    const body = readHead(fd, size, reader, () => sink.started);
    if (body === undefined) return await readSequentially(file, options);
    ranges = byteRanges(fd, body, size, file.chunkBytes);
  } finally {
    closeSync(fd);
  }
  const merger = new BatchMerger(sink, reader.line);
  await parseInWorkers(file, ranges, merger, options);
  // A turn of the event loop between the index's stages (seconds each at a million accounts).
  return inSlices(sink.finishSteps(), { sliceMs: 0 });
}

async function parseInWorkers(
  file: ExportFile,
  ranges: [number, number][],
  merger: BatchMerger,
  options: BuildOptions,
): Promise<void> {
  const workerData: ParseWorkerData = {
    path: file.path,
    keep: options.keepPostText ?? 'engaged',
    inFlight: IN_FLIGHT,
    batchBytes: BATCH_BYTES,
  };
  const count = Math.max(1, Math.min(file.threads, ranges.length));
  const workers = Array.from({ length: count }, () => new Worker(WORKER, { workerData, execArgv: [] }));
  const exited = workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve)));
  const tell = (w: number, message: ToParseWorker) => workers[w]!.postMessage(message);
  const owner: number[] = [];
  const pending: FoldedBatch[][] = ranges.map(() => []);
  let next = 0;
  const assign = (w: number) => {
    if (next >= ranges.length) return;
    const [start, end] = ranges[next]!;
    owner[next] = w;
    tell(w, { type: 'chunk', chunk: next++, start, end });
  };
  let current = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const drain = () => {
        try {
          while (current < ranges.length && pending[current]!.length > 0) {
            const batch = pending[current]!.shift()!;
            const w = owner[current]!;
            merger.merge(batch, w);
            tell(w, { type: 'credit' });
            if (batch.last) current++;
          }
          if (current === ranges.length) resolve();
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      };
      workers.forEach((worker, w) => {
        for (let q = 0; q < QUEUED; q++) assign(w);
        worker.on('message', (batch: FoldedBatch) => {
          pending[batch.chunk]!.push(batch);
          if (batch.last) assign(w);
          drain();
        });
        worker.on('error', reject);
        worker.on('exit', (code) => {
          if (current < ranges.length) reject(new Error(`A parse worker stopped (exit code ${code}).`));
        });
      });
    });
  } finally {
    workers.forEach((worker) => worker.postMessage({ type: 'stop' } satisfies ToParseWorker));
    await Promise.all(exited);
  }
}

/** The sequential reading, for an export whose header line is not within its first MB. */
async function readSequentially(file: ExportFile, options: BuildOptions): Promise<AudienceIndex> {
  const sink = new RecordSink(options);
  const splitter = new LineSplitter();
  const reader = new LineReader(sink);
  for await (const chunk of file) splitter.push(chunk, reader.onLine);
  splitter.end(reader.onLine);
  return inSlices(sink.finishSteps(), { sliceMs: 0 });
}
