import { Worker } from 'node:worker_threads';
import type { Network } from '../network';
import type { ExportTask, ExportTaskResult } from './export-worker';
import { shareExportData } from './shared-network';

const WORKER = new URL('./export-worker.mjs', import.meta.url);
/** Records per task: ~0.7 MB of accounts or ~1.5 MB of posts, so a result is one cheap message. */
const BLOCK = 1024;
/** Blocks in flight per worker: enough that none idles while the main thread writes its own parts. */
const AHEAD = 3;

/** One piece of the export in file order: a block a worker writes, or lines the main thread writes. */
export type ExportPiece =
  { type: 'accounts' | 'posts'; from: number; to: number } | { type: 'main'; lines: () => Iterable<string> };

/** A pool of export workers reading the network's shared copy; results come back by task id. */
class ExportPool {
  private readonly workers: Worker[];
  private readonly waiting = new Map<
    number,
    { resolve: (text: string) => void; reject: (e: Error) => void }
  >();
  private next = 0;
  private closing = false;

  constructor(net: Network, postCounts: Uint32Array, threads: number) {
    const workerData = shareExportData(net, postCounts);
    this.workers = Array.from({ length: threads }, () => {
      const worker = new Worker(WORKER, { workerData, execArgv: [] });
      worker.on('message', ({ id, text }: ExportTaskResult) => {
        this.waiting.get(id)?.resolve(text);
        this.waiting.delete(id);
      });
      worker.on('error', (error) => this.failAll(error));
      // A worker that dies without an error event (killed, out of memory) must not leave the export waiting.
      worker.on('exit', (code) => {
        if (code !== 0 && !this.closing) this.failAll(new Error(`export worker exited with code ${code}`));
      });
      return worker;
    });
  }

  /** Round robin: the blocks are alike, and each worker answers in the order it was asked. */
  run(task: Omit<ExportTask, 'id'>): Promise<string> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.workers[id % this.workers.length]!.postMessage({ ...task, id } satisfies ExportTask);
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private failAll(error: Error): void {
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }
}

/** Splits [0, count) into worker blocks. */
export function* blocks(type: 'accounts' | 'posts', count: number): Generator<ExportPiece> {
  for (let from = 0; from < count; from += BLOCK) yield { type, from, to: Math.min(count, from + BLOCK) };
}

/**
 * The export's pieces in order, with worker blocks dispatched up to `threads × AHEAD` ahead of the
 * one being written: the main thread writes its own parts (follows, lists) while the workers are
 * already on the posts after them, and at most that many blocks are ever held (bounded memory).
 * Yields the text of each piece, in order, in chunks of about `chunkBytes`.
 */
export async function* parallelPieces(
  net: Network,
  postCounts: Uint32Array,
  pieces: Iterable<ExportPiece>,
  threads: number,
  chunkBytes: number,
): AsyncGenerator<string> {
  const pool = new ExportPool(net, postCounts, threads);
  const queue: (Promise<string> | (() => Iterable<string>))[] = [];
  const source = pieces[Symbol.iterator]();
  let dispatched = 0;
  const fill = (): void => {
    while (dispatched < threads * AHEAD) {
      const next = source.next();
      if (next.done) return;
      const piece = next.value;
      if (piece.type === 'main') queue.push(piece.lines);
      else {
        queue.push(pool.run(piece));
        dispatched++;
      }
    }
  };
  try {
    fill();
    while (queue.length > 0) {
      const head = queue.shift()!;
      if (typeof head === 'function') {
        let chunk = '';
        for (const line of head()) {
          chunk += line + '\n';
          if (chunk.length >= chunkBytes) {
            yield chunk;
            chunk = '';
          }
        }
        if (chunk) yield chunk;
      } else {
        const text = await head;
        dispatched--;
        fill();
        yield text;
      }
      fill();
    }
  } finally {
    await pool.close();
  }
}
