import { createReadStream } from 'node:fs';
import { availableParallelism } from 'node:os';

/**
 * An NDJSON export on disk. Iterating it streams its text (what every reader of an `ExportSource`
 * understands, e.g. the shards' record filter); `buildIndex` instead parses it in byte ranges on
 * `threads` worker threads (0: read on this thread).
 */
export class ExportFile implements AsyncIterable<string> {
  constructor(
    readonly path: string,
    readonly threads: number,
    /** Bytes per range a worker parses at a time (tests make them small to cut a small file). */
    readonly chunkBytes = 16 << 20,
  ) {}

  [Symbol.asyncIterator](): AsyncIterator<string> {
    const stream = createReadStream(this.path, { encoding: 'utf8', highWaterMark: 1 << 16 });
    return (stream as AsyncIterable<string>)[Symbol.asyncIterator]();
  }
}

/** The export at `path`; parsed by one worker thread per core unless `threads` says otherwise. */
export const exportFile = (path: string, threads = availableParallelism(), chunkBytes?: number): ExportFile =>
  new ExportFile(path, threads, chunkBytes);
