import { describe, expect, it } from 'vitest';
import { normaliseHashtag, tokens } from './tokenise';

describe('tokenise', () => {
  it('lower-cases English words and drops stopwords, numbers and one-letter words', () => {
    expect(tokens('Best cricket moment of the year so far. 100 times A+')).toEqual([
      'best',
      'cricket',
      'moment',
      'year',
      'far',
      'times',
    ]);
  });

  it('skips @mentions and links; hashtags give their word', () => {
    expect(tokens('@sato_hina70 loved it https://short.example/AbC #Jazz')).toEqual(['loved', 'jazz']);
  });

  it('keeps letters with digits and accents; folds full-width forms', () => {
    expect(tokens('ＡＩ F1 ps5 Café São')).toEqual(['ai', 'f1', 'ps5', 'café', 'são']);
  });

  it('splits Japanese by script: katakana words, Han bigrams, no hiragana', () => {
    expect(tokens('気候変動好き／物理')).toEqual(['気候', '候変', '変動', '動好', '物理']);
    expect(tokens('無言フォロー失礼します・コーデ')).toEqual(['無言', 'フォロー', '失礼', 'コーデ']);
    expect(tokens('生成AIの話')).toEqual(['生成', 'ai', '話']);
  });

  it('treats Hangul and Arabic as spaced words', () => {
    expect(tokens('커피를 좋아해요')).toEqual(['커피를', '좋아해요']);
    expect(tokens('عاشق القهوة')).toEqual(['عاشق', 'القهوة']);
  });

  it('normalises hashtags', () => {
    expect(normaliseHashtag('#AmericanFootball')).toBe('americanfootball');
    expect(normaliseHashtag('＃ＪＡＺＺ')).toBe('jazz');
  });
});
