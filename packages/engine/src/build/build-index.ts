import { ExportFormatError } from '../errors';
import type { AudienceIndex } from '../index/audience-index';
import { LineSplitter } from '../parse/lines';
import { RecordSink, type BuildOptions } from './record-sink';

const USED_TYPES: ReadonlySet<string> = new Set(['account', 'following', 'post', 'catalogue', 'end']);
const TYPE_PREFIX = '{"type":"';

/** The record type when the line starts with {"type":"…" (as the sandbox writes it), else undefined. */
function leadingType(line: string): string | undefined {
  if (!line.startsWith(TYPE_PREFIX)) return undefined;
  const end = line.indexOf('"', TYPE_PREFIX.length);
  return end < 0 ? undefined : line.slice(TYPE_PREFIX.length, end);
}

export type ExportSource = AsyncIterable<string | object> | Iterable<string | object>;

/**
 * Builds the audience index from the sandbox's bulk export (NDJSON), streamed: `source` yields text
 * chunks (whole lines or arbitrary ~64 KB pieces) or already-parsed records. Nothing of the raw
 * export is kept; each line is parsed, folded into typed columns and dropped.
 */
export async function buildIndex(source: ExportSource, options: BuildOptions = {}): Promise<AudienceIndex> {
  const sink = new RecordSink(options);
  const splitter = new LineSplitter();
  let line = 0;
  const onLine = (text: string) => {
    line++;
    if (text.length === 0 || (text.length < 8 && text.trim() === '')) return;
    // Most of the export's bytes are records the engine keeps, but follow history and lists are
    // a third of its lines: recognise a leading "type" and skip those without parsing them.
    const type = leadingType(text);
    if (type !== undefined && !USED_TYPES.has(type)) return sink.skip();
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new ExportFormatError(`Line ${line} of the export is not valid JSON: ${text.slice(0, 80)}`);
    }
    sink.add(value);
  };
  for await (const chunk of source) {
    if (typeof chunk === 'string') splitter.push(chunk, onLine);
    else sink.add(chunk);
  }
  splitter.end(onLine);
  return sink.finish();
}
