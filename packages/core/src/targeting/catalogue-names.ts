import { interestName } from './interest-names';

/**
 * Japanese names of the targeting catalogues besides interests (interest-names.ts): X's conversation
 * topics, movies and TV shows, SPEC §3's job titles and job categories, and the audience store's
 * categories and regions. The catalogues, stored packages and what is sent to X keep their own
 * (mostly English) names; these are what a person reads on a Japanese screen or document.
 *
 * Every entry of X's catalogues (@murmur/core/x-catalogue) has a name here (packages/core/src/x-catalogue tests it), so a
 * new catalogue entry without a Japanese name fails a test.
 */

export type DisplayLanguage = 'en' | 'ja';

// X conversation topics, by their catalogue name.
// prettier-ignore
const TOPICS_JA: Readonly<Record<string, string>> = {
  'Electric vehicles': '電気自動車', 'Formula 1': 'F1', 'Classic car shows': 'クラシックカーショー',
  'Motorcycle touring': 'バイクツーリング', 'Skincare routines': 'スキンケア習慣', 'Makeup tutorials': 'メイク解説',
  'Perfume': '香水', 'BookTok': 'BookTok', 'Fantasy novels': 'ファンタジー小説', 'Manga': 'マンガ', 'Poetry': '詩',
  'Comic books': 'コミックブック', 'Startups': 'スタートアップ', 'Digital marketing': 'デジタルマーケティング',
  'Venture capital': 'ベンチャーキャピタル', 'Small business owners': '中小企業経営者', 'Real estate investing': '不動産投資',
  'Renewable energy': '再生可能エネルギー', 'Remote work': 'リモートワーク', 'Job hunting': '就職・転職活動',
  'Freelance life': 'フリーランス生活', 'Language learning': '語学学習', 'Study tips': '勉強のコツ',
  'Online learning': 'オンライン学習', 'Music festivals': '音楽フェス', 'Tech conferences': 'テックカンファレンス',
  'Award season': '賞レースシーズン', 'Parenting tips': '子育てのヒント', 'New parents': '新米パパ・ママ',
  'Home cooking': '家庭料理', 'Specialty coffee': 'スペシャルティコーヒー', 'Baking': 'お菓子・パン作り',
  'Plant-based food': 'プラントベースフード', 'Craft beer': 'クラフトビール', 'Ramen': 'ラーメン', 'Street food': '屋台グルメ',
  'Wine tasting': 'ワインテイスティング', 'PlayStation': 'PlayStation', 'Nintendo Switch': 'Nintendo Switch',
  'Mobile RPGs': 'スマホRPG', 'Battle royale games': 'バトルロイヤルゲーム', 'Esports tournaments': 'eスポーツ大会',
  'Indie games': 'インディーゲーム', 'Retro consoles': 'レトロゲーム機', 'Gym workouts': 'ジムトレーニング',
  'Marathon training': 'マラソントレーニング', 'Mental wellness': 'メンタルウェルネス', 'Meal prep': '作り置き',
  'Yoga practice': 'ヨガの練習', 'Anime': 'アニメ', 'Street photography': 'ストリートフォト', 'Cosplay': 'コスプレ',
  'Hiking': 'ハイキング', 'Tabletop games': 'テーブルゲーム', 'Houseplants': '観葉植物', 'Home renovation': '住まいのリフォーム',
  'Interior styling': 'インテリアコーディネート', 'Elections': '選挙', 'Political debate': '政治討論',
  'Breaking news': '速報ニュース', 'Human rights': '人権', 'Public policy': '公共政策', 'Campus life': 'キャンパスライフ',
  'Retirement life': 'セカンドライフ', 'Reality shows': 'リアリティ番組', 'Streaming series': '配信ドラマ',
  'Horror movies': 'ホラー映画', 'Superhero movies': 'スーパーヒーロー映画', 'Animated films': 'アニメ映画',
  'Stand-up comedy': 'スタンダップコメディ', 'True crime documentaries': '実録犯罪ドキュメンタリー', 'K-drama': '韓国ドラマ',
  'K-pop': 'K-POP', 'J-pop': 'J-POP', 'Hip hop': 'ヒップホップ', 'Reggaeton': 'レゲトン', 'Pop music': 'ポップミュージック',
  'Rock music': 'ロック', 'EDM': 'EDM', 'Jazz': 'ジャズ', 'Podcasts': 'ポッドキャスト', 'Bitcoin': 'ビットコイン',
  'Ethereum': 'イーサリアム', 'Stock market': '株式市場', 'Personal finance tips': '家計のヒント', 'Dogs': '犬', 'Cats': '猫',
  'Space exploration': '宇宙探査', 'Climate change': '気候変動', 'Physics': '物理学', 'Biology': '生物学',
  'Volunteering': 'ボランティア', 'Faith': '信仰', 'Weddings': '結婚式', 'Dating life': '恋愛・婚活',
  'Premier League': 'プレミアリーグ', 'LaLiga': 'ラ・リーガ', 'Champions League': 'チャンピオンズリーグ',
  'Copa Libertadores': 'コパ・リベルタドーレス', 'J1 League': 'J1リーグ', 'Süper Lig': 'トルコ・スュペル・リグ', 'NBA': 'NBA',
  'NFL': 'NFL', 'MLB': 'MLB', 'Nippon Professional Baseball': 'プロ野球', 'Indian Premier League': 'インディアン・プレミアリーグ',
  'Grand Slam tennis': 'テニス四大大会', 'MotoGP': 'MotoGP', 'UFC': 'UFC', 'Pro wrestling': 'プロレス',
  'Tour de France': 'ツール・ド・フランス', 'Golf majors': 'ゴルフのメジャー大会', 'Olympic Games': 'オリンピック',
  'Volleyball': 'バレーボール', 'Sneaker drops': 'スニーカーの新作発売', 'Streetwear': 'ストリートウェア',
  'Fashion week': 'ファッションウィーク', "Men's style": 'メンズスタイル', 'Luxury watches': '高級腕時計',
  'Generative AI': '生成AI', 'Machine learning': '機械学習', 'Web development': 'ウェブ開発', 'JavaScript': 'JavaScript',
  'Python': 'Python', 'Smartphones': 'スマートフォン', 'Cybersecurity': 'サイバーセキュリティ',
  'Cloud platforms': 'クラウドプラットフォーム', 'Open source software': 'オープンソースソフトウェア', 'Chips': '半導体チップ',
  'Gadget reviews': 'ガジェットレビュー', 'SaaS': 'SaaS', 'Data visualisation': 'データ可視化', 'Beach holidays': 'ビーチリゾート',
  'Backpacking': 'バックパック旅行', 'Camping': 'キャンプ', 'Frequent flyers': '飛行機での旅行', 'Luxury hotels': '高級ホテル',
  'Road trips': 'ドライブ旅行',
};

// Movies and TV shows, by title: the title a Japanese release would carry (titles already in Japanese
// are their own Japanese name).
// prettier-ignore
const MOVIES_TV_JA: Readonly<Record<string, string>> = {
  'Harbor Lights': 'ハーバー・ライツ', 'The Long Season': 'ロング・シーズン', 'Night Shift Diaries': '夜勤日誌',
  'Orbital': 'オービタル', 'Iron Meridian': 'アイアン・メリディアン', 'The Quiet House': '静かな家',
  'Island Match': 'アイランド・マッチ', 'Kitchen Clash': 'キッチン・クラッシュ', 'Parliament Street': 'パーラメント・ストリート',
  'Deep Blue Planet': 'ディープ・ブルー・プラネット', 'Code Red Valley': 'コード・レッド・バレー',
  'Pitch Perfect Eleven': 'ピッチ・パーフェクト・イレブン', 'Mumbai Monsoon': 'ムンバイ・モンスーン',
  'Boundary Line': 'バウンダリー・ライン', '星降る町の図書館': '星降る町の図書館', '東京ランナーズ': '東京ランナーズ',
  '放課後ゲーマーズ': '放課後ゲーマーズ', '深夜食堂の灯り': '深夜食堂の灯り', '甲子園への道': '甲子園への道',
  '鋼の守護者': '鋼の守護者', 'お笑い最強決定戦': 'お笑い最強決定戦', '바람의 궁전': '風の宮殿', '서울 로맨스': 'ソウル・ロマンス',
  '아이돌 서바이벌': 'アイドル・サバイバル', '한강의 밤': '漢江の夜', 'La Casa del Puerto': '港の家', 'Clásico Eterno': '永遠のクラシコ',
  'Amores de Barrio': '下町の恋', 'Los Tres Caminos': '三つの道', 'Risas en Vivo': 'ライブで爆笑', 'Ritmo Urbano': 'アーバン・リズム',
  'Cozinha de Vó': 'おばあちゃんの台所', 'Favela Futebol Clube': 'ファヴェーラ・フットボール・クラブ',
  'Amor em Copacabana': 'コパカバーナの恋', 'Casa dos Desafios': 'チャレンジ・ハウス', 'Le Bureau des Rêves': '夢のオフィス',
  'Nuit Blanche à Paris': 'パリの眠れない夜', 'Le Grand Chef': 'ル・グラン・シェフ', 'Die Nordsee-Kommissarin': '北海の女警部',
  'Berliner Nächte': 'ベルリンの夜', 'Bundesliga Insider': 'ブンデスリーガ・インサイダー', 'Boğazdaki Ev': 'ボスポラスの家',
  'Anadolu Kartalı': 'アナトリアの鷲', 'ليالي الصحراء': '砂漠の夜', 'حارة النجوم': 'スター横丁',
  'دوري الأبطال الليلة': '今夜のチャンピオンズリーグ', 'Cinta di Jakarta': 'ジャカルタの恋', 'Hantu Kampus': 'キャンパスの幽霊',
  'Warung Rasa': 'ワルン・ラサ',
};

// SPEC §3's job titles, by their key (what the export and the insights carry); the sandbox writes the
// same words in Japanese bios.
// prettier-ignore
const JOB_TITLES_JA: Readonly<Record<string, string>> = {
  'entrepreneur': '起業家', 'founder': '創業者', 'sales-manager': '営業マネージャー', 'marketer': 'マーケター', 'ceo': 'CEO',
  'managing-director': '代表取締役', 'product-manager': 'プロダクトマネージャー', 'head-of-marketing': 'マーケティング責任者',
  'accountant': '会計士', 'financial-analyst': '金融アナリスト', 'financial-advisor': 'ファイナンシャルプランナー',
  'trader': 'トレーダー', 'consultant': 'コンサルタント', 'strategy-consultant': '戦略コンサルタント',
  'software-engineer': 'ソフトウェアエンジニア', 'web-developer': 'Webエンジニア', 'data-scientist': 'データサイエンティスト',
  'mobile-developer': 'アプリ開発者', 'barista': 'バリスタ', 'chef': 'シェフ', 'hairdresser': '美容師', 'shop-assistant': '販売員',
  'driver': 'ドライバー', 'nurse': '看護師', 'doctor': '医師', 'pharmacist': '薬剤師', 'dentist': '歯科医', 'farmer': '農家',
  'beekeeper': '養蜂家', 'rancher': '畜産農家', 'it-administrator': '社内SE', 'security-specialist': 'セキュリティエンジニア',
  'cloud-architect': 'クラウドアーキテクト', 'tech-support': 'テクニカルサポート', 'teacher': '教師', 'professor': '大学教授',
  'student': '学生', 'tutor': '家庭教師', 'yoga-instructor': 'ヨガインストラクター', 'acupuncturist': '鍼灸師',
  'naturopath': '自然療法士', 'researcher': '研究者', 'biologist': '生物学者', 'physicist': '物理学者', 'chemist': '化学者',
  'journalist': 'ジャーナリスト', 'editor': '編集者', 'reporter': '記者', 'illustrator': 'イラストレーター',
  'photographer': 'フォトグラファー', 'musician': 'ミュージシャン', 'graphic-designer': 'グラフィックデザイナー', 'painter': '画家',
  'actor': '俳優', 'streamer': '配信者', 'comedian': 'お笑い芸人', 'dj': 'DJ',
};

// SPEC §3's job-title categories, by name.
// prettier-ignore
const JOB_CATEGORIES_JA: Readonly<Record<string, string>> = {
  'Business': 'ビジネス', 'Decision maker': '意思決定者', 'Financial': '金融', 'Consulting': 'コンサルティング',
  'IT Developer': 'ITエンジニア', 'Service': 'サービス', 'Healthcare': '医療', 'Farmer': '農業', 'IT/Tech': 'IT・テクノロジー',
  'Education': '教育', 'Alternative Medicine': '代替医療', 'Science': '科学', 'News': 'ニュース', 'Artist': 'アーティスト',
  'Entertainment': 'エンターテインメント',
};

// The audience store's categories (seeded by the server's migration 0001) and regions (SPEC §3).
// prettier-ignore
const AUDIENCE_CATEGORIES_JA: Readonly<Record<string, string>> = {
  'Automotive': '自動車', 'Beauty & Fashion': '美容・ファッション', 'Business & Finance': 'ビジネス・金融',
  'Entertainment': 'エンターテインメント', 'Family & Parenting': '家族・子育て', 'Food & Drink': 'フード・ドリンク',
  'Gaming': 'ゲーム', 'Health & Fitness': '健康・フィットネス', 'News & Politics': 'ニュース・政治',
  'Science & Education': '科学・教育', 'Sports': 'スポーツ', 'Technology': 'テクノロジー', 'Travel': '旅行',
  'Exclusion Audience': '除外オーディエンス',
};
// prettier-ignore
const AUDIENCE_REGIONS_JA: Readonly<Record<string, string>> = {
  'Global': 'グローバル', 'United States': 'アメリカ合衆国', 'United Kingdom': 'イギリス', 'Japan': '日本', 'Europe': 'ヨーロッパ',
  'Asia-Pacific': 'アジア太平洋', 'Latin America': '中南米', 'Middle East and Africa': '中東・アフリカ',
};

/**
 * The codes the catalogues group their entries by: X's conversation types (a topic's category,
 * "SPORTS_LEAGUES") and movie/TV genres (a title's category, "DRAMA"), by code: [English, Japanese].
 */
// prettier-ignore
const CODE_NAMES: Readonly<Record<CatalogueCode, Readonly<Record<string, readonly [string, string]>>>> = {
  conversation_types: {
    BOOK_GENRES: ['Book genre', '本のジャンル'], LIFESTYLES: ['Lifestyle', 'ライフスタイル'],
    MOVIE_GENRES: ['Movie genre', '映画のジャンル'], MUSIC_GENRES: ['Music genre', '音楽のジャンル'],
    NEWS: ['News', 'ニュース'], NEWS_STORIES: ['News story', 'ニュースの話題'], PODCASTS: ['Podcast', 'ポッドキャスト'],
    PRODUCTS: ['Product', '製品'], SPORTS: ['Sport', 'スポーツ'], SPORTS_LEAGUES: ['Sports league', 'スポーツリーグ'],
    TRENDS: ['Trend', 'トレンド'], TV_SHOWS: ['TV show', 'テレビ番組'], VIDEO_GAMES: ['Video game', 'ビデオゲーム'],
    VIDEO_GAME_PLATFORMS: ['Video game platform', 'ゲーム機・プラットフォーム'],
  },
  movie_genres: {
    ACTION: ['Action', 'アクション'], ANIMATION: ['Animation', 'アニメーション'], COMEDY: ['Comedy', 'コメディ'],
    CRIME: ['Crime', '犯罪'], DOCUMENTARY: ['Documentary', 'ドキュメンタリー'], DRAMA: ['Drama', 'ドラマ'],
    HORROR: ['Horror', 'ホラー'], MUSIC: ['Music', '音楽'], REALITY: ['Reality', 'リアリティ'], ROMANCE: ['Romance', '恋愛'],
    SCI_FI: ['Science fiction', 'SF'], SPORTS: ['Sports', 'スポーツ'], THRILLER: ['Thriller', 'スリラー'],
  },
};

/** The grouping codes named here: conversation topics' types and movies' and TV shows' genres. */
export type CatalogueCode = 'conversation_types' | 'movie_genres';

/**
 * A catalogue's grouping code named in the interface language ("SPORTS_LEAGUES" → "Sports league",
 * "スポーツリーグ"), or undefined when it has no name here.
 */
export function knownCatalogueCodeName(
  kind: CatalogueCode,
  code: string,
  language: DisplayLanguage,
): string | undefined {
  const table = CODE_NAMES[kind];
  const key = code.trim().toUpperCase();
  const names = Object.hasOwn(table, key) ? table[key] : undefined;
  return names?.[language === 'ja' ? 1 : 0];
}

/**
 * A catalogue's grouping code as a person reads it: its name in the interface language, or for a code
 * not named here (one real X adds) the code in words ("NEW_THING" → "New thing").
 */
export function catalogueCodeName(kind: CatalogueCode, code: string, language: DisplayLanguage): string {
  const known = knownCatalogueCodeName(kind, code, language);
  if (known !== undefined) return known;
  const words = code.trim().toLowerCase().replace(/_+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The catalogues named here, as @murmur/core/export names the sandbox's (plus the job tree and the store). */
export type NamedCatalogue =
  | 'interests'
  | 'conversations'
  | 'movies_and_tv_shows'
  | 'job_titles'
  | 'job_categories'
  | 'audience_categories'
  | 'audience_regions';

const TABLES: Readonly<Record<Exclude<NamedCatalogue, 'interests'>, Readonly<Record<string, string>>>> = {
  conversations: TOPICS_JA,
  movies_and_tv_shows: MOVIES_TV_JA,
  job_titles: JOB_TITLES_JA,
  job_categories: JOB_CATEGORIES_JA,
  audience_categories: AUDIENCE_CATEGORIES_JA,
  audience_regions: AUDIENCE_REGIONS_JA,
};

/**
 * The Japanese name of a catalogue entry, or undefined when the catalogue has none for it. Entries are
 * named as the catalogue names them: topics, titles and categories by name ("Formula 1"), job titles by
 * key ("software-engineer"), interests by X's path ("Sports/Soccer").
 */
export function japaneseCatalogueName(catalogue: NamedCatalogue, name: string): string | undefined {
  if (catalogue === 'interests') {
    const ja = interestName(name, 'ja');
    return ja === name ? undefined : ja;
  }
  const table = TABLES[catalogue];
  const key = name.trim();
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * A catalogue entry in the interface language: its Japanese name on Japanese screens, the catalogue's
 * own name otherwise (and for entries it does not know, such as names from real X).
 */
export function catalogueName(catalogue: NamedCatalogue, name: string, language: DisplayLanguage): string {
  if (language === 'en') return name;
  return japaneseCatalogueName(catalogue, name) ?? name;
}

/**
 * A job title in the interface language, from its key ("software-engineer") and the label the data
 * gives it ("Software engineer"): English screens keep the label.
 */
export function jobTitleName(key: string, label: string, language: DisplayLanguage): string {
  if (language === 'en') return label;
  return (
    japaneseCatalogueName('job_titles', key) ?? japaneseCatalogueName('job_titles', slug(label)) ?? label
  );
}

const slug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A bio word a screen in `language` can show: written in that language's script. */
const SCRIPT_OF: Record<DisplayLanguage, RegExp> = {
  en: /^[\p{Script=Latin}\p{N}]+$/u,
  ja: /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー\p{N}]+$/u,
};

/**
 * A community's name from its most distinctive interests and bio words: the first three interests'
 * last part, in `language` ("Physics · Space and astronomy"); with fewer than two, the first bio word
 * written in that language's script ("Soccer · ultras"; never an English word on a Japanese screen
 * nor "من" on an English one); `fallback` when there is nothing to name it by. The engine names
 * communities with it in English; Japanese screens call it again with the same parts.
 */
export function communityName(
  interests: readonly string[],
  words: readonly string[],
  fallback: string,
  language: DisplayLanguage = 'en',
): string {
  const parts = interests.slice(0, 3).map((label) => {
    const name = interestName(label, language);
    return name.split('/').at(-1) ?? name;
  });
  if (new Set(parts).size < 2) {
    const word = words.find((w) => SCRIPT_OF[language].test(w));
    if (word !== undefined) parts.push(word);
  }
  const unique = [...new Set(parts.filter(Boolean))];
  return unique.length > 0 ? unique.join(' · ') : fallback;
}

const FALLBACK = /^Community (\d+)$/;

/**
 * A community as the engine named it (communityName in English from these interests and words, or
 * "Community 3"), in the interface language. A name made otherwise stays as it is.
 */
export function communityDisplayName(
  community: { name: string; interests: readonly string[]; words: readonly string[] },
  language: DisplayLanguage,
): string {
  if (language === 'en') return community.name;
  const fallback = FALLBACK.exec(community.name);
  if (fallback) return `コミュニティ${fallback[1]}`;
  if (communityName(community.interests, community.words, '') !== community.name) return community.name;
  return communityName(community.interests, community.words, community.name, language);
}

/**
 * A store audience's name and description (the server's store module): "Travel · Japan", "People on X
 * interested in Travel, in Japan." — and in Japanese from the same parts.
 */
export function storeAudienceText(
  parts: { category: string; region: string; worldwide: boolean; interests: readonly string[] },
  language: DisplayLanguage,
): { name: string; description: string } {
  if (language === 'en') {
    const where = parts.worldwide ? 'worldwide' : `in ${parts.region}`;
    return {
      name: `${parts.category} · ${parts.region}`,
      description: `People on X interested in ${parts.interests.join(', ')}, ${where}.`,
    };
  }
  const category = catalogueName('audience_categories', parts.category, 'ja');
  const region = catalogueName('audience_regions', parts.region, 'ja');
  const interests = parts.interests.map((name) => interestName(name, 'ja')).join('、');
  const where = parts.worldwide ? '世界中' : region;
  return {
    name: `${category} · ${region}`,
    description: `${where}で${interests}に関心のある X ユーザー。`,
  };
}
