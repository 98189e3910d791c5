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

  it('finds Japanese words with the segmenter, rejoining what it splits, without particles', () => {
    expect(tokens('気候変動好き／物理')).toEqual(['気候', '変動', '好き', '物理']);
    expect(tokens('無言フォロー失礼します・コーデ')).toEqual(['無言', 'フォロー', '失礼', 'コーデ']);
    expect(tokens('生成AIの話')).toEqual(['生成', 'ai', '話']);
    expect(tokens('猫と株と読書')).toEqual(['猫', '株', '読書']);
    // ICU alone gives 会|社員, 看護|師, メンタル|ヘルス, 筋|ト|レ, 呟|き|ます, 推|し|活.
    expect(tokens('会社員です。看護師')).toEqual(['会社員', '看護師']);
    expect(tokens('メンタルヘルスと筋トレ')).toEqual(['メンタルヘルス', '筋トレ']);
    expect(tokens('推し活について呟きます')).toEqual(['推し活', '呟き']);
    // A place before 在住 stays a word of its own; 垢 ("account") and 中 are not words of the bio.
    expect(tokens('堺在住。ゲーム実況垢。駐在中')).toEqual(['堺', '在住', 'ゲーム', '実況', '駐在']);
  });

  it('segments Chinese without gluing its one-character words', () => {
    expect(tokens('我喜欢喝咖啡和看足球')).toEqual(['喜欢', '喝', '咖啡', '看', '足球']);
  });

  it('drops the particles of Korean words; Arabic words are spaced', () => {
    expect(tokens('커피를 좋아해요')).toEqual(['커피', '좋아해요']);
    expect(tokens('배구와 신경을 좋아해요. 서울로')).toEqual(['배구', '신경', '좋아해요', '서울']);
    expect(tokens('하는 맛있는 도로 고양이')).toEqual(['하는', '맛있는', '도로', '고양이']);
    expect(tokens('عاشق القهوة')).toEqual(['عاشق', 'القهوة']);
  });

  it('normalises hashtags', () => {
    expect(normaliseHashtag('#AmericanFootball')).toBe('americanfootball');
    expect(normaliseHashtag('＃ＪＡＺＺ')).toBe('jazz');
  });
});
