import { describe, expect, it } from 'vitest';
import { interestName } from './interest-names';

describe('interestName', () => {
  it('reads X interest names in Japanese on Japanese screens, category and subcategory', () => {
    expect(interestName('Technology and computing/Software', 'ja')).toBe(
      'テクノロジー・コンピューター/ソフトウェア',
    );
    expect(interestName('Sports/Soccer', 'ja')).toBe('スポーツ/サッカー');
    expect(interestName("Style and fashion/Women's fashion", 'ja')).toBe(
      'スタイル・ファッション/レディースファッション',
    );
    expect(interestName('Food and drink', 'ja')).toBe('フード・ドリンク');
  });

  it('keeps English on English screens and names it does not know', () => {
    expect(interestName('Sports/Soccer', 'en')).toBe('Sports/Soccer');
    expect(interestName('Sports/Underwater hockey', 'ja')).toBe('Sports/Underwater hockey');
  });
});

describe('campaign screens and the summary PDF name interests through it', () => {
  it('segments and ad-set criteria', async () => {
    const { criterionName, segmentName } = await import('../api/campaigns');
    const segment = { key: 'sports/soccer', label: 'Sports/Soccer' };
    expect(segmentName('interest', segment, 'ja')).toBe('スポーツ/サッカー');
    expect(segmentName('interest', segment, 'en')).toBe('Sports/Soccer');
    expect(criterionName({ type: 'INTEREST', name: 'Food and drink/Coffee' }, 'ja')).toBe(
      'フード・ドリンク/コーヒー',
    );
    expect(criterionName({ type: 'LANGUAGE', value: 'en', name: 'English' }, 'ja')).toBe('英語');
    expect(criterionName({ type: 'LANGUAGE', value: 'en', name: 'English' }, 'en')).toBe('English');
    // Keywords and handles are the advertiser's own words: never translated.
    expect(criterionName({ type: 'BROAD_KEYWORD', name: 'Coffee' }, 'ja')).toBe('Coffee');
  });
});
