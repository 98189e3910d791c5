import { createHash } from 'node:crypto';
import { invalidParameter } from './problems';

/**
 * Opaque, stable pagination tokens. A token names the item a page ended (or began) at, not an offset,
 * so a follow or unfollow between two requests never repeats or skips anyone, and the same position
 * always gives the same token. Items are sorted ascending by a two-number key; the token carries the
 * direction and the boundary key, tagged with a hash of the endpoint and resource (so a token from
 * another listing is refused), in base32hex like X's.
 */
export type Key = readonly [number, number];

const ALPHABET = '0123456789abcdefghijklmnopqrstuv';

function base32(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return bits > 0 ? out + ALPHABET[(value << (5 - bits)) & 31] : out;
}

function unbase32(text: string): Buffer | null {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return null;
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

const tag = (scope: string, payload: string): Buffer =>
  createHash('sha256').update(`${scope}\n${payload}`).digest().subarray(0, 5);

export function encodeToken(scope: string, direction: 'next' | 'previous', key: Key): string {
  const payload = `${direction === 'next' ? 'n' : 'p'}.${key[0]}.${key[1]}`;
  return base32(Buffer.concat([tag(scope, payload), Buffer.from(payload)]));
}

export function decodeToken(
  scope: string,
  token: string,
  parameter: string,
): { direction: 'next' | 'previous'; key: Key } {
  const bad = () =>
    invalidParameter(parameter, token, `The \`${parameter}\` query parameter value [${token}] is not valid`);
  const bytes = unbase32(token);
  if (!bytes || bytes.length < 6) throw bad();
  const payload = bytes.subarray(5).toString();
  const match = /^([np])\.(-?\d+)\.(-?\d+)$/.exec(payload);
  if (!match || !tag(scope, payload).equals(bytes.subarray(0, 5))) throw bad();
  return { direction: match[1] === 'n' ? 'next' : 'previous', key: [Number(match[2]), Number(match[3])] };
}

const compare = (a: Key, b: Key): number => a[0] - b[0] || a[1] - b[1];

export interface Page<T> {
  items: T[];
  next?: string;
  previous?: string;
}

/** One page of `sorted` (ascending by `keyOf`) after or before the token's boundary. */
export function paginate<T>(
  sorted: readonly T[],
  keyOf: (item: T) => Key,
  max: number,
  scope: string,
  token: { value: string | undefined; parameter: string },
): Page<T> {
  const firstAtLeast = (key: Key, strict: boolean): number => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = compare(keyOf(sorted[mid]!), key);
      if (c < 0 || (strict && c === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  let start = 0;
  let end = Math.min(sorted.length, max);
  if (token.value) {
    const { direction, key } = decodeToken(scope, token.value, token.parameter);
    if (direction === 'next') {
      start = firstAtLeast(key, true);
      end = Math.min(sorted.length, start + max);
    } else {
      end = firstAtLeast(key, false);
      start = Math.max(0, end - max);
    }
  }
  const items = sorted.slice(start, end);
  const page: Page<T> = { items };
  if (end < sorted.length && items.length > 0) page.next = encodeToken(scope, 'next', keyOf(items.at(-1)!));
  if (start > 0 && items.length > 0) page.previous = encodeToken(scope, 'previous', keyOf(items[0]!));
  return page;
}
