/**
 * Sets of X account ids, compactly (the audience memberships of db/schema/membership.ts). X ids are
 * decimal numbers below 2^64: sorted numerically, each is written as its difference from the one
 * before as a varint (LEB128), after a format byte and the count. A set holding any other id
 * (never X's; a test's or a foreign source's) is written as sorted UTF-8 lines instead.
 */

const NUMERIC = 1;
const LINES = 2;
const U64 = 1n << 64n;
const CANONICAL = /^(0|[1-9]\d{0,19})$/;

const isNumericId = (id: string): boolean => CANONICAL.test(id) && (id.length < 20 || BigInt(id) < U64);

/** Numeric order of canonical decimal ids (and a total order of any strings). */
export const byNumber = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

class Writer {
  private buf = new Uint8Array(256);
  length = 0;
  private room(n: number) {
    if (this.length + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.length + n));
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }
  byte(b: number) {
    this.room(1);
    this.buf[this.length++] = b;
  }
  /** A whole number ≥ 0 (a safe integer or a bigint), 7 bits per byte, low first. */
  varint(value: number | bigint) {
    this.room(10);
    if (typeof value === 'bigint' && value <= BigInt(Number.MAX_SAFE_INTEGER)) value = Number(value);
    if (typeof value === 'number') {
      while (value >= 0x80) {
        this.buf[this.length++] = (value % 0x80) | 0x80;
        value = Math.floor(value / 0x80);
      }
      this.buf[this.length++] = value;
      return;
    }
    while (value >= 0x80n) {
      this.buf[this.length++] = Number(value & 0x7fn) | 0x80;
      value >>= 7n;
    }
    this.buf[this.length++] = Number(value);
  }
  bytes(b: Uint8Array) {
    this.room(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }
  done(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

/** Encodes a set of ids (duplicates kept once). */
export function encodeIds(ids: Iterable<string>): Uint8Array {
  const unique = [...new Set(ids)];
  const w = new Writer();
  if (unique.every(isNumericId)) {
    // Canonical decimals sort numerically by length, then as text (cheaper than comparing bigints).
    unique.sort(byNumber);
    w.byte(NUMERIC);
    w.varint(unique.length);
    let previous = 0n;
    for (const id of unique) {
      const v = BigInt(id);
      w.varint(v - previous);
      previous = v;
    }
    return w.done();
  }
  unique.sort();
  w.byte(LINES);
  w.bytes(new TextEncoder().encode(unique.join('\n')));
  return w.done();
}

/** The ids of an encoded set, in its order (numeric, else lexical). */
export function decodeIds(bytes: Uint8Array): string[] {
  if (bytes.length === 0) return [];
  if (bytes[0] === LINES) {
    const text = new TextDecoder().decode(bytes.subarray(1));
    return text === '' ? [] : text.split('\n');
  }
  if (bytes[0] !== NUMERIC) throw new Error(`unknown id set format ${bytes[0]}`);
  let at = 1;
  const varint = (): bigint => {
    let small = 0;
    let scale = 1;
    let big: bigint | undefined;
    for (;;) {
      const b = bytes[at++];
      if (b === undefined) throw new Error('truncated id set');
      if (big === undefined && scale < 2 ** 46) small += (b & 0x7f) * scale;
      else {
        big ??= BigInt(small);
        big += BigInt(b & 0x7f) * BigInt(scale);
      }
      if (b < 0x80) return big ?? BigInt(small);
      scale *= 0x80;
    }
  };
  const count = Number(varint());
  const ids = new Array<string>(count);
  let value = 0n;
  for (let i = 0; i < count; i++) {
    value += varint();
    ids[i] = value.toString();
  }
  return ids;
}
