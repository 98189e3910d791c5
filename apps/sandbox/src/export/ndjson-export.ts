import { Readable } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { CATALOGUE_KINDS, EXPORT_FORMAT, EXPORT_VERSION, type ExportHeader } from '@murmur/core/export';
import { targetingCriteria } from '../catalogue/targeting-criteria';
import { liveLists } from '../history/live-lists';
import { EventKind } from '../model/events';
import type { Network } from '../network';
import { indexEngagements } from './post-engagements';
import { accountJson, followEventJson, followingJson, listJson, postJson } from './record-json';
import { iso } from './records';

// The record types and the format's name and version are @murmur/core/export's, shared with the engine.
export { EXPORT_FORMAT, EXPORT_VERSION };

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
      posts: net.posts.length,
      lists: liveLists(net).live,
      followEvents,
    },
  };
}

/** Posts per author in the simulated window (the account records' post counts add them). */
function postCounts(net: Network): Uint32Array {
  const counts = new Uint32Array(net.accounts.count);
  for (const author of net.posts.author.view()) counts[author]!++;
  return counts;
}

/**
 * Every line of the export in order, without its newline (the header first; the trailer is added by
 * exportChunks). Each is the JSON of the matching builder in ./records.ts, written directly.
 */
function* lines(net: Network): Generator<string> {
  yield JSON.stringify(exportHeader(net));
  for (const kind of CATALOGUE_KINDS)
    yield JSON.stringify({ type: 'catalogue', kind, items: targetingCriteria(kind) });
  const posts = postCounts(net);
  const prior = net.accounts.priorPosts;
  for (let i = 0; i < net.accounts.count; i++) yield accountJson(net, i, prior[i]! + (posts[i] ?? 0));
  for (let i = 0; i < net.accounts.count; i++) if (net.graph.outDegree[i]! > 0) yield followingJson(net, i);
  const lists = liveLists(net);
  for (let l = 0; l < lists.count; l++) if (lists.exists(l)) yield listJson(lists, l);
  const engagements = indexEngagements(net.events, net.posts.length);
  for (let p = 0; p < net.posts.length; p++) yield postJson(net, p, engagements);
  for (let e = 0; e < net.events.length; e++) {
    const line = followEventJson(net, e);
    if (line) yield line;
  }
}

/**
 * The bulk export (our firehose): NDJSON, one record per line, yielded in chunks of about
 * `chunkBytes` so neither side ever holds the whole export. Same seed and size, same bytes.
 */
export async function* exportChunks(net: Network, chunkBytes = 1 << 16): AsyncGenerator<string> {
  let chunk = '';
  let count = 0;
  let sinceYield = 0;
  for (const line of lines(net)) {
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
