/**
 * Japanese names of X's interest catalogue (categories and subcategories), for Japanese screens and
 * documents. X publishes interests in English only ("Technology and computing/Software"); stored
 * packages and what is sent to X keep those names — only what a user reads is translated.
 */
// prettier-ignore
const JA: Readonly<Record<string, string>> = {
  // Categories
  'Automotive': '自動車', 'Beauty': '美容', 'Books and literature': '本・文学', 'Business': 'ビジネス',
  'Careers': 'キャリア', 'Education': '教育', 'Events': 'イベント', 'Family and parenting': '家族・子育て',
  'Food and drink': 'フード・ドリンク', 'Gaming': 'ゲーム', 'Health': '健康', 'Hobbies and interests': '趣味・関心',
  'Home and garden': 'ホーム・ガーデン', 'Law, government and politics': '法律・行政・政治', 'Life stages': 'ライフステージ',
  'Movies and television': '映画・テレビ', 'Music and radio': '音楽・ラジオ', 'Personal finance': '個人金融',
  'Pets': 'ペット', 'Science': '科学', 'Society': '社会', 'Sports': 'スポーツ', 'Style and fashion': 'スタイル・ファッション',
  'Technology and computing': 'テクノロジー・コンピューター', 'Travel': '旅行',
  // Automotive
  'Autos': '自動車全般', 'Classic cars': 'クラシックカー', 'Motorcycles': 'オートバイ',
  'Hybrid and electric vehicles': 'ハイブリッド車・電気自動車', 'SUVs': 'SUV', 'Car racing': 'カーレース',
  // Beauty
  'Makeup and cosmetics': 'メイク・コスメ', 'Skin care': 'スキンケア', 'Hair care': 'ヘアケア', 'Fragrances': '香水',
  'Nail care': 'ネイルケア',
  // Books and literature
  'Fiction': 'フィクション', 'Biographies and memoirs': '伝記・回顧録', 'Comics': 'コミック', 'Poetry': '詩',
  'Sci-fi and fantasy': 'SF・ファンタジー', 'Book clubs': '読書会',
  // Business
  'Entrepreneurship': '起業', 'Marketing': 'マーケティング', 'Advertising': '広告', 'Startups': 'スタートアップ',
  'Small business': '中小企業', 'Leadership': 'リーダーシップ', 'Real estate': '不動産', 'Oil and energy': '石油・エネルギー',
  'Agriculture': '農業',
  // Careers
  'Job search': '就職・転職活動', 'Remote work': 'リモートワーク', 'Career development': 'キャリア開発',
  'Freelancing': 'フリーランス',
  // Education
  'College life': '大学生活', 'Language learning': '語学学習', 'Teachers and educators': '教師・教育者',
  'Online courses': 'オンライン講座', 'Graduate school': '大学院',
  // Events
  'Music festivals': '音楽フェス', 'Conferences': 'カンファレンス', 'Holidays': '祝日・休暇',
  'Sporting events': 'スポーツイベント', 'Award shows': '授賞式',
  // Family and parenting
  'Parenting': '子育て', 'Babies and toddlers': '乳幼児', 'Moms': 'ママ', 'Dads': 'パパ', 'Parenting teens': '10代の子育て',
  // Food and drink
  'Cooking': '料理', 'Coffee': 'コーヒー', 'Desserts and baking': 'デザート・お菓子作り', 'Healthy eating': '健康的な食事',
  'Restaurants': 'レストラン', 'Beer': 'ビール', 'Wine': 'ワイン', 'Vegetarian and vegan': 'ベジタリアン・ヴィーガン',
  'Street food': '屋台料理',
  // Gaming
  'Console gaming': '家庭用ゲーム', 'Mobile gaming': 'モバイルゲーム', 'PC gaming': 'PC ゲーム', 'Esports': 'eスポーツ',
  'Game development': 'ゲーム開発', 'Retro gaming': 'レトロゲーム',
  // Health
  'Fitness': 'フィットネス', 'Mental health': 'メンタルヘルス', 'Nutrition': '栄養', 'Yoga': 'ヨガ', 'Running': 'ランニング',
  'Weight loss': 'ダイエット', 'Alternative medicine': '代替医療',
  // Hobbies and interests
  'Anime and manga': 'アニメ・マンガ', 'Photography': '写真', 'Arts and crafts': 'アート・クラフト', 'Collecting': 'コレクション',
  'Outdoors': 'アウトドア', 'Board games': 'ボードゲーム', 'Cosplay': 'コスプレ',
  // Home and garden
  'Gardening': 'ガーデニング', 'Home improvement': '住まいの改善', 'Interior design': 'インテリアデザイン', 'DIY': 'DIY',
  // Law, government and politics
  'Politics': '政治', 'Political news': '政治ニュース', 'Government': '行政', 'Elections': '選挙', 'Law': '法律',
  'Human rights': '人権', 'Military': '軍事',
  // Life stages
  'Students': '学生', 'Young professionals': '若手社会人', 'Newlyweds': '新婚', 'Retirement': '退職・リタイア',
  // Movies and television
  'Drama': 'ドラマ', 'Comedy': 'コメディ', 'Action': 'アクション', 'Animation': 'アニメーション',
  'Documentary': 'ドキュメンタリー', 'Horror': 'ホラー', 'Reality TV': 'リアリティ番組',
  'Sci-fi and fantasy films': 'SF・ファンタジー映画', 'Streaming TV': '動画配信',
  // Music and radio
  'Pop': 'ポップ', 'Hip hop and rap': 'ヒップホップ・ラップ', 'Rock': 'ロック', 'K-pop': 'K-POP', 'J-pop': 'J-POP',
  'Latin music': 'ラテン音楽', 'Electronic and dance': 'エレクトロニック・ダンス', 'Jazz': 'ジャズ', 'Classical': 'クラシック',
  'Podcasts and radio': 'ポッドキャスト・ラジオ',
  // Personal finance
  'Investing': '投資', 'Cryptocurrency': '暗号資産', 'Banking': '銀行', 'Credit and lending': 'クレジット・ローン',
  'Insurance': '保険', 'Retirement planning': '老後の資金計画', 'Personal budgeting': '家計管理',
  // Pets
  'Dogs': '犬', 'Cats': '猫', 'Birds': '鳥', 'Aquariums': 'アクアリウム', 'Horses': '馬',
  // Science
  'Space and astronomy': '宇宙・天文学', 'Biology': '生物学', 'Physics': '物理学', 'Climate and environment': '気候・環境',
  'Chemistry': '化学', 'Mathematics': '数学',
  // Society
  'Charity and philanthropy': 'チャリティ・慈善活動', 'Religion and spirituality': '宗教・スピリチュアル',
  'Social causes': '社会問題', 'Dating': '恋愛・出会い', 'Weddings': '結婚式', 'LGBTQ': 'LGBTQ',
  // Sports
  'Soccer': 'サッカー', 'Basketball': 'バスケットボール', 'American football': 'アメリカンフットボール', 'Baseball': '野球',
  'Cricket': 'クリケット', 'Tennis': 'テニス', 'Motorsports': 'モータースポーツ', 'Combat sports': '格闘技', 'Golf': 'ゴルフ',
  'Cycling': 'サイクリング', 'Volleyball': 'バレーボール', 'Wrestling': 'レスリング', 'Olympics': 'オリンピック',
  // Style and fashion
  "Women's fashion": 'レディースファッション', "Men's fashion": 'メンズファッション', 'Streetwear': 'ストリートウェア',
  'Jewelry': 'ジュエリー', 'Sneakers': 'スニーカー', 'Luxury': 'ラグジュアリー',
  // Technology and computing
  'Software': 'ソフトウェア', 'Programming': 'プログラミング', 'Artificial intelligence': '人工知能', 'Gadgets': 'ガジェット',
  'Mobile phones': '携帯電話', 'Cybersecurity': 'サイバーセキュリティ', 'Cloud computing': 'クラウドコンピューティング',
  'Data science': 'データサイエンス', 'Web design': 'ウェブデザイン', 'Open source': 'オープンソース',
  'Semiconductors': '半導体',
  // Travel
  'Beaches and islands': 'ビーチ・島', 'Adventure travel': 'アドベンチャー旅行', 'Air travel': '空の旅',
  'Hotels and resorts': 'ホテル・リゾート', 'Budget travel': '格安旅行', 'Camping': 'キャンプ', 'Cruises': 'クルーズ',
  'Business travel': '出張',
};

/**
 * An X interest name in the interface language: "Technology and computing/Software" →
 * "テクノロジー・コンピューター/ソフトウェア" in Japanese (a category or a subcategory alone too).
 * Names the catalogue does not know stay as X wrote them.
 */
export function interestName(name: string, language: 'en' | 'ja'): string {
  if (language === 'en') return name;
  const parts = name.split('/');
  const translated = parts.map((part) => JA[part.trim()]);
  return translated.every((t) => t !== undefined) ? translated.join('/') : name;
}
