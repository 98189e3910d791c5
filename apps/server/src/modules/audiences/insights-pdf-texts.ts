import type { Language } from '@murmur/core/api';

// The insights PDF speaks as the insights screen does: every text below is the web app's own, under
// the same key (apps/web/src/locales/<language>.json), so a figure is named alike on screen and on
// paper; insights-pdf.test.ts fails when one drifts from the screen's. The PDF's own texts follow.

// prettier-ignore
const screen = {
  en: {
    "insights.title": "Insights",
    "insights.unsavedAudience": "Unsaved audience",
    "insights.computedOn": "Computed {{date}}",
    "insights.sampled": "Based on a sample of {{analysed}} of {{members}} accounts.",
    "insights.emptyPanel": "No data for this audience.",
    "insights.signIn": "Sign in to access more data",
    "insights.panels.keyFigures": "Audience size",
    "insights.panels.topInterests": "Top interests",
    "insights.panels.influentialAccounts": "Influential accounts",
    "insights.panels.gender": "Gender",
    "insights.panels.ageBands": "Age bands",
    "insights.panels.countries": "Countries",
    "insights.panels.languages": "Languages",
    "insights.panels.interests": "Interests",
    "insights.panels.distinctiveInterests": "Distinctive interests",
    "insights.panels.conversationTopics": "Conversation topics",
    "insights.panels.moviesTv": "Movies and TV shows",
    "insights.panels.bioWords": "Words in bio",
    "insights.panels.distinctiveBioWords": "Distinctive words in bio",
    "insights.panels.jobCategories": "Job categories",
    "insights.panels.hashtags": "Hashtags",
    "insights.panels.terms": "Terms",
    "insights.panels.distinctiveTerms": "Distinctive terms",
    "insights.tabs.summary": "Summary",
    "insights.tabs.demographics": "Demographics",
    "insights.tabs.conversation": "Conversation",
    "insights.tabs.jobTitles": "Job titles",
    "insights.tabs.topicAnalysis": "Topic analysis",
    "insights.summary.bucket": "Size bucket",
    "insights.summary.sampleCount": "Accounts matched in the index",
    "insights.values.male": "Male",
    "insights.values.female": "Female",
    "insights.values.unknown": "Unknown",
    "insights.values.ageOver": "{{age}}+",
    "insights.values.ageBand": "{{from}}–{{to}}",
    "charts.value": "Value",
    "charts.share": "Share",
    "charts.affinity": "Affinity",
    "charts.legendAffinity": "Affinity = audience share ÷ population share",
    "insightsSupport.count": "n",
    "insightsSupport.legendInterval": "Small figures: 95% interval",
    "insightsSupport.basis": "n = {{analysed}} accounts analysed. Items held by fewer than {{min}} are hidden; “distinctive” also needs a share whose interval lies above the baseline.",
    "figures.estimate": "Audience (estimate)",
    "figures.estimateWithRange": "{{value}} (estimate, {{low}}–{{high}})",
    "figures.intervalTip": "95 % interval {{low}}–{{high}}: {{sample}} of {{sampleSize}} sampled accounts, each standing for {{rate}} people.",
    "figures.intervalTipLarge": "95 % interval {{low}}–{{high}}: {{sample}} sampled accounts, each standing for {{rate}} people.",
    "baseline.network": "Whole network",
    "baseline.relativeTo": "Shares and affinities are relative to: {{label}}",
    "baseline.earlier.on": "This audience on {{date}}",
    "baseline.earlier.comparedWith": "Shares and affinities are compared with this audience on {{date}}.",
    "baseline.earlier.dropped_one": "{{count}} of its members then has since left X and is not counted.",
    "baseline.earlier.dropped_other": "{{count}} of its members then have since left X and are not counted.",
  },
  ja: {
    "insights.title": "インサイト",
    "insights.unsavedAudience": "未保存のオーディエンス",
    "insights.computedOn": "{{date}}に計算",
    "insights.sampled": "{{members}}件のうち{{analysed}}件のサンプルに基づきます。",
    "insights.emptyPanel": "このオーディエンスのデータはありません。",
    "insights.signIn": "ログインするとさらに多くのデータを利用できます",
    "insights.panels.keyFigures": "オーディエンス規模",
    "insights.panels.topInterests": "主な興味関心",
    "insights.panels.influentialAccounts": "影響力のあるアカウント",
    "insights.panels.gender": "性別",
    "insights.panels.ageBands": "年齢層",
    "insights.panels.countries": "国",
    "insights.panels.languages": "言語",
    "insights.panels.interests": "興味関心",
    "insights.panels.distinctiveInterests": "特徴的な興味関心",
    "insights.panels.conversationTopics": "会話トピック",
    "insights.panels.moviesTv": "映画・テレビ番組",
    "insights.panels.bioWords": "プロフィールの単語",
    "insights.panels.distinctiveBioWords": "プロフィールの特徴的な単語",
    "insights.panels.jobCategories": "職種カテゴリー",
    "insights.panels.hashtags": "ハッシュタグ",
    "insights.panels.terms": "単語",
    "insights.panels.distinctiveTerms": "特徴的な単語",
    "insights.tabs.summary": "概要",
    "insights.tabs.demographics": "属性",
    "insights.tabs.conversation": "会話",
    "insights.tabs.jobTitles": "職種",
    "insights.tabs.topicAnalysis": "トピック分析",
    "insights.summary.bucket": "規模区分",
    "insights.summary.sampleCount": "インデックス内で一致したアカウント数",
    "insights.values.male": "男性",
    "insights.values.female": "女性",
    "insights.values.unknown": "不明",
    "insights.values.ageOver": "{{age}}歳以上",
    "insights.values.ageBand": "{{from}}〜{{to}}歳",
    "charts.value": "項目",
    "charts.share": "割合",
    "charts.affinity": "アフィニティ",
    "charts.legendAffinity": "アフィニティ = オーディエンス内の割合 ÷ 全体での割合",
    "insightsSupport.count": "n",
    "insightsSupport.legendInterval": "小さな数値：95%区間",
    "insightsSupport.basis": "n = 分析したアカウント {{analysed}} 件。{{min}} 件未満の項目は表示しません。「特徴的」な項目は、割合の区間が比較基準を上回るものに限ります。",
    "figures.estimate": "オーディエンス（推定）",
    "figures.estimateWithRange": "{{value}}（推定、{{low}}〜{{high}}）",
    "figures.intervalTip": "95%区間 {{low}}〜{{high}}：サンプル{{sampleSize}}件中{{sample}}件（1件あたり{{rate}}人）から推定。",
    "figures.intervalTipLarge": "95%区間 {{low}}〜{{high}}：サンプル{{sample}}件（1件あたり{{rate}}人）から推定。",
    "baseline.network": "ネットワーク全体",
    "baseline.relativeTo": "割合と親和性の比較対象: {{label}}",
    "baseline.earlier.on": "{{date}} 時点のこのオーディエンス",
    "baseline.earlier.comparedWith": "割合と親和性は {{date}} 時点のこのオーディエンスとの比較です。",
    "baseline.earlier.dropped_one": "当時のメンバーのうち {{count}} 人はその後 X を離れたため含まれていません。",
    "baseline.earlier.dropped_other": "当時のメンバーのうち {{count}} 人はその後 X を離れたため含まれていません。",
  },
} as const satisfies Record<Language, Record<string, string>>;

/** Texts the PDF alone needs. */
const own = {
  en: {
    'pdf.baselineSize': 'Size of the baseline',
    'pdf.publicOnly': 'Signed out: only the summary and demographics are included.',
  },
  ja: {
    'pdf.baselineSize': '比較対象の規模',
    'pdf.publicOnly': 'ログインしていないため、概要と属性のみを掲載しています。',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type InsightsPdfKey = keyof (typeof screen)['en'] | keyof (typeof own)['en'];

/** The screen's texts, by their web key, for the insights-pdf test. */
export const SCREEN_TEXTS: Record<Language, Readonly<Record<string, string>>> = screen;

/** A text in `language` with its `{{name}}` placeholders filled, as i18next fills the screen's. */
export function insightsText(
  language: Language,
  key: InsightsPdfKey,
  values: Record<string, string | number> = {},
): string {
  const texts: Record<string, string> = { ...screen[language], ...own[language] };
  const text = texts[key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
