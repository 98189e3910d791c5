import type { StringColumn, StringSource } from './string-column';

/** Makes the buffer a typed array lives in: a SharedArrayBuffer when the index is shared. */
export type Allocate = (bytes: number) => ArrayBufferLike;

/** Longest run passed to String.fromCharCode at once (engines cap an argument list). */
const CHUNK = 8192;
const decoder = new TextDecoder();

/**
 * A string column as UTF-8 bytes plus each entry's end offset, two typed arrays that can live in a
 * SharedArrayBuffer read by every worker thread (a JS string cannot be shared, only copied). An
 * entry is decoded when read: ASCII straight from the bytes, other text through TextDecoder on a
 * private copy (TextDecoder refuses views of shared memory in browsers).
 */
export class PackedStrings implements StringSource {
  constructor(
    readonly bytes: Uint8Array,
    readonly ends: Uint32Array,
  ) {}

  get size(): number {
    return this.ends.length;
  }

  get(slot: number): string {
    if (!(slot >= 0 && slot < this.ends.length)) return '';
    const start = slot === 0 ? 0 : this.ends[slot - 1]!;
    return decodeUtf8(this.bytes, start, this.ends[slot]!);
  }
}

function decodeUtf8(bytes: Uint8Array, start: number, end: number): string {
  for (let i = start; i < end; i++) {
    if (bytes[i]! >= 0x80) return decoder.decode(bytes.slice(start, end));
  }
  let out = '';
  for (let at = start; at < end; at += CHUNK) {
    const codes = bytes.subarray(at, Math.min(end, at + CHUNK));
    out += String.fromCharCode.apply(null, codes as unknown as number[]);
  }
  return out;
}

/** UTF-8 bytes of s[from, to), as TextEncoder writes them (a lone surrogate becomes U+FFFD). */
export function utf8Length(s: string, from: number, to: number): number {
  let bytes = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < to && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Encodes a built column block by block (one TextEncoder call per 512 entries). */
export function packStrings(column: StringColumn, allocate: Allocate): PackedStrings {
  const encoder = new TextEncoder();
  const ends = new Uint32Array(allocate(column.size * 4));
  const parts: Uint8Array[] = [];
  let slot = 0;
  let base = 0;
  for (const block of column.blocksOf()) {
    let bytes = encoder.encode(block.joined);
    let at = base;
    let prev = 0;
    for (let k = 0; k < block.ends.length; k++) {
      const end = block.ends[k]!;
      at += bytes.length === block.joined.length ? end - prev : utf8Length(block.joined, prev, end);
      prev = end;
      ends[slot + k] = at;
    }
    if (at - base !== bytes.length) {
      // An entry ending in half a surrogate pair that the next one completes: encode one by one.
      const each = Array.from(block.ends, (end, k) =>
        encoder.encode(block.joined.slice(k === 0 ? 0 : block.ends[k - 1], end)),
      );
      bytes = new Uint8Array(each.reduce((n, e) => n + e.length, 0));
      at = 0;
      each.forEach((e, k) => {
        bytes.set(e, at);
        at += e.length;
        ends[slot + k] = base + at;
      });
    }
    parts.push(bytes);
    slot += block.ends.length;
    base += bytes.length;
  }
  const joined = new Uint8Array(allocate(base));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return new PackedStrings(joined, ends);
}
