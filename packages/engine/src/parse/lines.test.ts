import { describe, expect, it } from 'vitest';
import { LineSplitter } from './lines';

describe('LineSplitter', () => {
  it('joins lines cut across chunks and hands over the unterminated last line', () => {
    const out: string[] = [];
    const splitter = new LineSplitter();
    for (const chunk of ['{"a":', '1}\n{"b"', ':2}\n', '\n{"c":3}']) splitter.push(chunk, (l) => out.push(l));
    splitter.end((l) => out.push(l));
    expect(out).toEqual(['{"a":1}', '{"b":2}', '', '{"c":3}']);
  });
});
