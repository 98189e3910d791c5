import type { AudienceIndex } from '../index/audience-index';
import { LineSplitter } from '../parse/lines';
import { buildIndexInParallel } from './parallel/build-parallel';
import { ExportFile } from './parallel/export-file';
import { LineReader } from './read-line';
import { RecordSink, type BuildOptions } from './record-sink';

/** Text chunks, parsed records, or an export file (`exportFile`: parsed by worker threads). */
export type ExportSource = AsyncIterable<string | object> | Iterable<string | object>;

/**
 * Builds the audience index from the sandbox's bulk export (NDJSON), streamed: `source` yields text
 * chunks (whole lines or arbitrary ~64 KB pieces) or already-parsed records. Nothing of the raw
 * export is kept; each line is parsed, folded into typed columns and dropped. An `ExportFile` is
 * built in parallel (worker threads parse byte ranges: build-parallel.ts) into the same index,
 * unless the options need the per-record hook only a sequential read gives (`onRecordTerms`).
 */
export async function buildIndex(source: ExportSource, options: BuildOptions = {}): Promise<AudienceIndex> {
  if (source instanceof ExportFile && source.threads > 0 && !options.onRecordTerms) {
    return buildIndexInParallel(source, options);
  }
  const sink = new RecordSink(options);
  const splitter = new LineSplitter();
  const reader = new LineReader(sink);
  for await (const chunk of source) {
    if (typeof chunk === 'string') splitter.push(chunk, reader.onLine);
    else sink.add(chunk);
  }
  splitter.end(reader.onLine);
  return sink.finish();
}
