import type { AudienceIndex } from '../postings/audience-index';
import { LineSplitter } from '../parse/lines';
import { LineReader } from './read-line';
import { RecordSink, type BuildOptions } from './record-sink';
import { inSlices } from '../util/steps';

/** Text chunks or parsed records (an export file built by worker threads: @murmur/engine-cluster). */
export type ExportSource = AsyncIterable<string | object> | Iterable<string | object>;

/**
 * Builds the audience index from the sandbox's bulk export (NDJSON), streamed: `source` yields text
 * chunks (whole lines or arbitrary ~64 KB pieces) or already-parsed records. Nothing of the raw
 * export is kept; each line is parsed, folded into typed columns and dropped. The parallel build
 * (worker threads parsing byte ranges) is @murmur/engine-cluster's `buildIndexFromFile`, over the
 * pieces `@murmur/engine/ingest` exports; it builds the same index.
 */
export async function buildIndex(source: ExportSource, options: BuildOptions = {}): Promise<AudienceIndex> {
  const sink = new RecordSink(options);
  const splitter = new LineSplitter();
  const reader = new LineReader(sink);
  for await (const chunk of source) {
    if (typeof chunk === 'string') splitter.push(chunk, reader.onLine);
    else sink.add(chunk);
  }
  splitter.end(reader.onLine);
  // A turn of the event loop between the index's stages (seconds each at a million accounts).
  return inSlices(sink.finishSteps(), { sliceMs: 0 });
}
