import { describe, expect, it } from 'vitest';
import {
  catalogueCodeName,
  catalogueName,
  communityDisplayName,
  communityName,
  japaneseCatalogueName,
  jobTitleName,
  storeAudienceText,
} from './catalogue-names';

describe('catalogueName', () => {
  it('reads topics, titles, job categories and store names in Japanese on Japanese screens', () => {
    expect(catalogueName('conversations', 'Formula 1', 'ja')).toBe('F1');
    expect(catalogueName('conversations', 'Generative AI', 'ja')).toBe('生成AI');
    expect(catalogueName('movies_and_tv_shows', 'The Quiet House', 'ja')).toBe('静かな家');
    expect(catalogueName('movies_and_tv_shows', '東京ランナーズ', 'ja')).toBe('東京ランナーズ');
    expect(catalogueName('job_categories', 'IT/Tech', 'ja')).toBe('IT・テクノロジー');
    expect(catalogueName('audience_categories', 'Beauty & Fashion', 'ja')).toBe('美容・ファッション');
    expect(catalogueName('audience_regions', 'Asia-Pacific', 'ja')).toBe('アジア太平洋');
    expect(catalogueName('interests', 'Sports/Soccer', 'ja')).toBe('スポーツ/サッカー');
  });

  it('keeps English on English screens and names it does not know', () => {
    expect(catalogueName('conversations', 'Formula 1', 'en')).toBe('Formula 1');
    expect(catalogueName('conversations', 'Curling', 'ja')).toBe('Curling');
    expect(japaneseCatalogueName('movies_and_tv_shows', 'Unknown Film')).toBeUndefined();
    expect(japaneseCatalogueName('interests', 'Sports/Underwater hockey')).toBeUndefined();
    // Inherited object keys are not names.
    expect(japaneseCatalogueName('conversations', 'toString')).toBeUndefined();
  });

  it('names job titles by key, or by a label that reads as their key', () => {
    expect(jobTitleName('software-engineer', 'Software engineer', 'ja')).toBe('ソフトウェアエンジニア');
    expect(jobTitleName('', 'Software engineer', 'ja')).toBe('ソフトウェアエンジニア');
    expect(jobTitleName('ceo', 'Ceo', 'en')).toBe('Ceo');
    expect(jobTitleName('astronaut', 'Astronaut', 'ja')).toBe('Astronaut');
  });
});

describe('catalogueCodeName', () => {
  it('names topic types and movie/TV genres in either language', () => {
    expect(catalogueCodeName('conversation_types', 'SPORTS_LEAGUES', 'en')).toBe('Sports league');
    expect(catalogueCodeName('conversation_types', 'SPORTS_LEAGUES', 'ja')).toBe('スポーツリーグ');
    expect(catalogueCodeName('movie_genres', 'DRAMA', 'en')).toBe('Drama');
    expect(catalogueCodeName('movie_genres', 'DRAMA', 'ja')).toBe('ドラマ');
  });

  it('puts a code it does not name into words', () => {
    expect(catalogueCodeName('movie_genres', 'MARTIAL_ARTS', 'ja')).toBe('Martial arts');
    expect(catalogueCodeName('conversation_types', 'hasOwnProperty', 'en')).toBe('Hasownproperty');
  });
});

describe('community names', () => {
  const interests = ['Science/Physics', 'Science/Space and astronomy'];
  it('the engine names a community in English; Japanese screens name it again from the same parts', () => {
    const name = communityName(interests, ['telescope'], 'Community 1');
    expect(name).toBe('Physics · Space and astronomy');
    expect(communityDisplayName({ name, interests, words: ['telescope'] }, 'ja')).toBe(
      '物理学 · 宇宙・天文学',
    );
    expect(communityDisplayName({ name, interests, words: ['telescope'] }, 'en')).toBe(name);
  });

  it('adds a bio word only in the screen language\'s script: no English on Japanese screens, no "من"', () => {
    const soccer = ['Sports/Soccer'];
    const words = ['من', 'nerd', 'サポーター'];
    const name = communityName(soccer, words, 'Community 2');
    expect(name).toBe('Soccer · nerd');
    expect(communityDisplayName({ name, interests: soccer, words }, 'ja')).toBe('サッカー · サポーター');
    expect(communityDisplayName({ name, interests: soccer, words: ['nerd', 'lover'] }, 'ja')).toBe(
      'サッカー',
    );
    expect(communityName([], ['من'], 'Community 3')).toBe('Community 3');
  });

  it('translates the fallback name and leaves names made otherwise alone', () => {
    expect(communityName([], [], 'Community 4')).toBe('Community 4');
    expect(communityDisplayName({ name: 'Community 4', interests: [], words: [] }, 'ja')).toBe(
      'コミュニティ4',
    );
    expect(communityDisplayName({ name: 'Our fans', interests, words: [] }, 'ja')).toBe('Our fans');
  });
});

describe('storeAudienceText', () => {
  const parts = { category: 'Travel', region: 'Japan', worldwide: false, interests: ['Travel'] };
  it('names a store audience in English as the server always has', () => {
    expect(storeAudienceText(parts, 'en')).toEqual({
      name: 'Travel · Japan',
      description: 'People on X interested in Travel, in Japan.',
    });
    expect(storeAudienceText({ ...parts, region: 'Global', worldwide: true }, 'en').description).toBe(
      'People on X interested in Travel, worldwide.',
    );
  });

  it('and in Japanese from the same parts', () => {
    expect(storeAudienceText(parts, 'ja')).toEqual({
      name: '旅行 · 日本',
      description: '日本で旅行に関心のある X ユーザー。',
    });
    expect(
      storeAudienceText(
        {
          category: 'Science & Education',
          region: 'Global',
          worldwide: true,
          interests: ['Science', 'Education'],
        },
        'ja',
      ),
    ).toEqual({
      name: '科学・教育 · グローバル',
      description: '世界中で科学、教育に関心のある X ユーザー。',
    });
  });
});
