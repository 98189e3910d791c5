/**
 * Splits a stream of text chunks into lines. The sandbox streams ~64 KB chunks that cut lines
 * anywhere; callers may also pass one line per chunk. Only the unfinished tail of a chunk is held,
 * and lines are handed over synchronously (no promise per line).
 */
export class LineSplitter {
  private tail = '';

  push(chunk: string, onLine: (line: string) => void): void {
    let start = 0;
    let end = chunk.indexOf('\n');
    if (end < 0) {
      this.tail += chunk;
      return;
    }
    if (this.tail) {
      onLine(this.tail + chunk.slice(0, end));
      this.tail = '';
      start = end + 1;
      end = chunk.indexOf('\n', start);
    }
    while (end >= 0) {
      onLine(chunk.slice(start, end));
      start = end + 1;
      end = chunk.indexOf('\n', start);
    }
    this.tail = chunk.slice(start);
  }

  /** Hands over the last line if the stream did not end with a newline. */
  end(onLine: (line: string) => void): void {
    if (this.tail) onLine(this.tail);
    this.tail = '';
  }
}
