import { readSync } from 'node:fs';
import type { LineReader } from '@murmur/engine/ingest';

const HEAD_BYTES = 1 << 20;

/**
 * Reads the export's first lines up to and including its header through `reader` (the sequential
 * reading, so a missing or wrong header fails as it would there) and returns where the body starts;
 * undefined when the header line does not end within the first MB (read the file sequentially).
 */
export function readHead(
  fd: number,
  size: number,
  reader: LineReader,
  started: () => boolean,
): number | undefined {
  const buffer = Buffer.allocUnsafe(Math.min(size, HEAD_BYTES));
  const length = readSync(fd, buffer, 0, buffer.length, 0);
  for (let at = 0; at < length;) {
    const nl = buffer.indexOf(10, at);
    if (nl < 0 || nl >= length) return undefined;
    reader.onLine(buffer.toString('utf8', at, nl));
    at = nl + 1;
    if (started()) return at;
  }
  return undefined;
}

/**
 * Cuts [from, size) into ranges of about `target` bytes, each ending just after a newline (the
 * last at the end of the file), so that each range holds whole lines and decodes on its own.
 */
export function byteRanges(fd: number, from: number, size: number, target: number): [number, number][] {
  const cuts = [from];
  const probe = Buffer.allocUnsafe(1 << 16);
  for (let at = from + target; at < size;) {
    const n = readSync(fd, probe, 0, Math.min(probe.length, size - at), at);
    if (n === 0) break;
    const nl = probe.subarray(0, n).indexOf(10);
    if (nl < 0) {
      at += n;
      continue;
    }
    const cut = at + nl + 1;
    if (cut >= size) break;
    cuts.push(cut);
    at = cut + target;
  }
  cuts.push(size);
  return cuts.slice(1).map((end, i) => [cuts[i]!, end]);
}
