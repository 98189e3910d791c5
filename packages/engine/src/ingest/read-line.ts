import { ExportFormatError } from '../errors';
import type { RecordSink } from './record-sink';

const USED_TYPES: ReadonlySet<string> = new Set(['account', 'following', 'post', 'catalogue', 'end']);
const TYPE_PREFIX = '{"type":"';

/** The record type when the line starts with {"type":"…" (as the sandbox writes it), else undefined. */
function leadingType(line: string): string | undefined {
  if (!line.startsWith(TYPE_PREFIX)) return undefined;
  const end = line.indexOf('"', TYPE_PREFIX.length);
  return end < 0 ? undefined : line.slice(TYPE_PREFIX.length, end);
}

/** What one export line is before parsing: nothing (blank), a record the engine skips, or one to parse. */
export function lineKind(text: string): 'blank' | 'skip' | 'parse' {
  if (text.length === 0 || (text.length < 8 && text.trim() === '')) return 'blank';
  // Most of the export's bytes are records the engine keeps, but follow history and lists are
  // a third of its lines: recognise a leading "type" and skip those without parsing them.
  const type = leadingType(text);
  return type !== undefined && !USED_TYPES.has(type) ? 'skip' : 'parse';
}

/** JSON.parse of line number `line`, or the ExportFormatError both builds report for it. */
export function parseLine(text: string, line: number): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalidLine(line, text.slice(0, 80));
  }
}

export const invalidLine = (line: number, head: string): ExportFormatError =>
  new ExportFormatError(`Line ${line} of the export is not valid JSON: ${head}`);

/** Numbers the export's lines and hands each to the sink: the sequential build's reading. */
export class LineReader {
  line = 0;
  constructor(private readonly sink: RecordSink) {}

  readonly onLine = (text: string): void => {
    this.line++;
    const kind = lineKind(text);
    if (kind === 'blank') return;
    if (kind === 'skip') return this.sink.skip();
    this.sink.add(parseLine(text, this.line));
  };
}
