import { Readable } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { CATALOGUE_KINDS, EXPORT_FORMAT, EXPORT_VERSION, type ExportHeader } from '@murmur/core/export';
import { targetingCriteria } from '@murmur/core/x-catalogue';
import { liveLists } from '../history/live-lists';
import { GONE } from '../model/accounts';
import { EventKind } from '../model/events';
import type { Network } from '../network';
import { blocks, parallelPieces, type ExportPiece } from './parallel-export';
import { indexEngagements, type PostEngagements } from './post-engagements';
import { accountJson, followEventJson, followingJson, listJson, postJson } from './record-json';
import { iso } from './records';

// The record types and the format's name and version are @murmur/core/export's, shared with the engine.
export { EXPORT_FORMAT, EXPORT_VERSION };

function livePosts(net: Network): number {
  let live = 0;
  for (const deleted of net.posts.deleted.view()) if (!deleted) live++;
  return live;
}

export function exportHeader(net: Network): ExportHeader {
  const kinds = net.events.kind.view();
  let followEvents = 0;
  for (const k of kinds) if (k === EventKind.follow || k === EventKind.unfollow) followEvents++;
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    seed: net.config.seed,
    accounts: net.accounts.count,
    scale: net.config.scale,
    start: iso(net.start),
    now: iso(net.clock.now),
    counts: {
      follows: net.graph.edgeCount,
      posts: livePosts(net),
      lists: liveLists(net).live,
      followEvents,
    },
  };
}

/**
 * The export in file order as pieces: blocks of accounts and posts (the records with generated text,
 * nine tenths of the work, which worker threads can write) and lines written in place. Each line is
 * the JSON of the matching builder in ./records.ts, written directly; the header comes first, the
 * trailer is added by exportChunks.
 */
function* pieces(net: Network): Generator<ExportPiece> {
  yield {
    type: 'main',
    lines: function* () {
      yield JSON.stringify(exportHeader(net));
      for (const kind of CATALOGUE_KINDS)
        yield JSON.stringify({ type: 'catalogue', kind, items: targetingCriteria(kind) });
    },
  };
  yield* blocks('accounts', net.accounts.count);
  yield {
    type: 'main',
    lines: function* () {
      for (let i = 0; i < net.accounts.count; i++)
        if (net.graph.outDegree[i]! > 0) yield followingJson(net, i);
      const lists = liveLists(net);
      for (let l = 0; l < lists.count; l++) if (lists.exists(l)) yield listJson(lists, l);
    },
  };
  yield* blocks('posts', net.posts.length);
  yield {
    type: 'main',
    lines: function* () {
      for (let e = 0; e < net.events.length; e++) {
        const line = followEventJson(net, e);
        if (line) yield line;
      }
    },
  };
}

/** Every line of the export in order, written in this thread. */
function* lines(net: Network, counts: Uint32Array): Generator<string> {
  let engagements: PostEngagements | undefined;
  for (const piece of pieces(net)) {
    if (piece.type === 'main') yield* piece.lines();
    else if (piece.type === 'accounts')
      for (let i = piece.from; i < piece.to; i++) {
        const line = accountJson(net, i, counts[i]!);
        if (line) yield line;
      }
    else {
      engagements ??= indexEngagements(net.events, net.posts.length);
      for (let p = piece.from; p < piece.to; p++) {
        const line = postJson(net, p, engagements);
        if (line) yield line;
      }
    }
  }
}

/** Account records' post counts: prior posts plus those in the simulated window not deleted. */
function postCounts(net: Network): Uint32Array {
  const counts = Uint32Array.from(net.accounts.priorPosts.subarray(0, net.accounts.count));
  const authors = net.posts.author.view();
  const deleted = net.posts.deleted.view();
  for (let p = 0; p < authors.length; p++) if (!deleted[p]) counts[authors[p]!]!++;
  return counts;
}

/** Records a worker block writes: the accounts still there, the posts not deleted. */
function recordsIn(net: Network, piece: { type: 'accounts' | 'posts'; from: number; to: number }): number {
  let records = 0;
  if (piece.type === 'accounts') {
    for (let i = piece.from; i < piece.to; i++) if ((net.accounts.flags[i]! & GONE) === 0) records++;
  } else for (let p = piece.from; p < piece.to; p++) if (!net.posts.deleted.get(p)) records++;
  return records;
}

/**
 * The bulk export (our firehose): NDJSON, one record per line, yielded in chunks of about
 * `chunkBytes` so neither side ever holds the whole export. Same seed and size, same bytes.
 * With `threads` > 0, worker threads write the account and post records (see parallel-export.ts);
 * for the bulk file at millions of accounts, not for a server that must stay responsive.
 */
export async function* exportChunks(net: Network, chunkBytes = 1 << 16, threads = 0): AsyncGenerator<string> {
  // The running clock waits while the export is written, so the export is one instant's state.
  net.simulation.holds++;
  try {
    yield* exportChunksHeld(net, chunkBytes, threads);
  } finally {
    net.simulation.holds--;
  }
}

async function* exportChunksHeld(net: Network, chunkBytes: number, threads: number): AsyncGenerator<string> {
  const counts = postCounts(net);
  if (threads > 0) {
    let records = 1;
    const counted = function* (): Generator<ExportPiece> {
      // The trailer counts every record: blocks by their size, the main thread's lines one by one.
      for (const piece of pieces(net)) {
        if (piece.type !== 'main') {
          records += recordsIn(net, piece);
          yield piece;
        } else
          yield {
            type: 'main',
            lines: function* () {
              for (const line of piece.lines()) {
                records++;
                yield line;
              }
            },
          };
      }
    };
    yield* parallelPieces(net, counts, counted(), threads, chunkBytes);
    yield JSON.stringify({ type: 'end', records }) + '\n';
    return;
  }
  let chunk = '';
  let count = 0;
  let sinceYield = 0;
  for (const line of lines(net, counts)) {
    chunk += line + '\n';
    count++;
    if (chunk.length >= chunkBytes) {
      yield chunk;
      chunk = '';
      // Let the HTTP server breathe between chunks: building records is synchronous work.
      if (++sinceYield % 16 === 0) await yieldToEventLoop();
    }
  }
  yield chunk + JSON.stringify({ type: 'end', records: count + 1 }) + '\n';
}

export function exportStream(net: Network): Readable {
  return Readable.from(exportChunks(net), { objectMode: false });
}
