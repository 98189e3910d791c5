import { describe, expect, it } from 'vitest';
import { decodeToken, encodeToken, paginate } from '../pagination';
import { XProblem } from '../problems';
import { QueryError, parseQuery } from './query';
import { textTerms, wordTerms } from './tokenize';

describe('search query language', () => {
  it('binds AND tighter than OR, with groups, negation, phrases and operators', () => {
    expect(parseQuery('cats -dogs OR "big birds" lang:en')).toEqual({
      type: 'or',
      children: [
        {
          type: 'and',
          children: [
            { type: 'atom', atom: { kind: 'word', value: 'cats' } },
            { type: 'not', child: { type: 'atom', atom: { kind: 'word', value: 'dogs' } } },
          ],
        },
        {
          type: 'and',
          children: [
            { type: 'atom', atom: { kind: 'phrase', value: 'big birds' } },
            { type: 'atom', atom: { kind: 'lang', value: 'en' } },
          ],
        },
      ],
    });
    expect(parseQuery('(#AI OR @OpenAI) from:@Someone is:reply')).toMatchObject({
      type: 'and',
      children: [
        { type: 'or' },
        { atom: { kind: 'from', value: 'someone' } },
        { atom: { kind: 'is', value: 'reply' } },
      ],
    });
  });

  it('rejects what X rejects, with positions', () => {
    expect(() => parseQuery('-cats')).toThrow(QueryError);
    expect(() => parseQuery('cats (dogs')).toThrow('Missing closing parenthesis (at position 6)');
    expect(() => parseQuery('shoe:size')).toThrow("Reference to invalid operator 'shoe'");
    expect(() => parseQuery('"open')).toThrow('Unclosed quotation mark');
    expect(() => parseQuery('has:pets')).toThrow("Reference to invalid field 'pets'");
  });

  it('indexes words, hashtags, mentions and CJK character pairs', () => {
    expect([...textTerms('今日もゲーム実況 #ゲーム実況 @Kenji_1 Hello-world')]).toEqual(
      expect.arrayContaining(['#ゲーム実況', '@kenji_1', 'hello', 'world', 'ゲー', 'ーム', 'ム実', '実況']),
    );
    expect(wordTerms('ゲーム')).toEqual(['ゲー', 'ーム']);
    expect(wordTerms('AIゲーム')).toEqual(['ai', 'ゲー', 'ーム']);
  });
});

describe('pagination tokens', () => {
  const items = Array.from({ length: 25 }, (_, k) => k * 2);

  it('are opaque, stable, scoped and walk both ways without gaps', () => {
    const page = (value?: string) =>
      paginate(items, (v) => [v, 0], 10, 'scope', { value, parameter: 'pagination_token' });
    const first = page();
    expect(first.next).toBe(page().next);
    expect(first.next).toMatch(/^[0-9a-v]{16,}$/);
    const second = page(first.next);
    expect(second.items[0]).toBe(20);
    expect(page(second.previous).items).toEqual(first.items);
    expect(page(page(second.next).previous).items).toEqual(second.items);
    expect(decodeToken('scope', first.next!, 'pagination_token')).toEqual({
      direction: 'next',
      key: [18, 0],
    });
    expect(() => decodeToken('other scope', first.next!, 'pagination_token')).toThrow(XProblem);
    expect(() =>
      decodeToken('scope', encodeToken('scope', 'next', [1, 2]).replace(/^./, 'v'), 'pagination_token'),
    ).toThrow(XProblem);
  });
});
