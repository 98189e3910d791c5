import { types } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { pgliteBytea } from './database';

/** Bytes of every value, and a run of random ones (the member sets' varints look like this). */
const samples = (): Uint8Array[] => {
  const random = new Uint8Array(5000);
  for (let i = 0; i < random.length; i++) random[i] = (i * 7919 + (i >> 3)) & 0xff;
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  // A view into a larger buffer: only its own bytes count.
  const view = new Uint8Array(all.buffer, 10, 20);
  return [new Uint8Array(0), all, random, view];
};

describe('bytea on PGlite through Buffer', () => {
  it('writes the same text as PGlite’s own serializer and reads the same bytes as its parser', () => {
    for (const bytes of samples()) {
      const text = pgliteBytea.serializers[types.BYTEA](bytes);
      expect(text).toBe(types.serializers[types.BYTEA]!(bytes));
      const read = pgliteBytea.parsers[types.BYTEA](text);
      expect(read).toEqual(types.parsers[types.BYTEA]!(text, types.BYTEA));
      expect([...read]).toEqual([...bytes]);
    }
  });

  it('refuses what is not bytes, as PGlite does', () => {
    expect(() => pgliteBytea.serializers[types.BYTEA]('0a0b')).toThrow(/bytea/);
  });
});
