import type { CompetitorAnalysisResult, Language } from '@murmur/core/api';
import { formatLargeNumber } from '@murmur/core/format';
import type { EstimateFigure } from '@murmur/core/sampling';
import { interestName } from '@murmur/core/targeting';
import { heading, paragraph, renderPdf, table } from '../../integrations/pdf';
import { PRO_AUTHOR } from './pro-origin';

const texts = {
  en: {
    title: 'Pro targeting summary: competitor analysis',
    intro: (n: number, date: string) =>
      `${n} accounts compared on ${date}. Followers on X is X's public count; the audience is Murmur's estimate of the followers with its 95 % interval; shared followers are Murmur's estimate of the followers two accounts have in common, with its 95 % interval beneath.`,
    baseline: 'Distinctive interests are measured against the whole network.',
    account: 'Account',
    followers: 'Followers on X',
    estimate: 'Audience (estimate)',
    interests: 'Most distinctive interests of the followers',
    overlap: 'Shared followers',
    none: '—',
  },
  ja: {
    title: 'プロターゲティング概要: 競合分析',
    intro: (n: number, date: string) =>
      `${date} に ${n} アカウントを比較しました。Xのフォロワー数はXの公開値、オーディエンスはフォロワーのMurmurによる推定値（95%区間付き）、共通フォロワーは 2 つのアカウントに共通するフォロワーのMurmurによる推定値（下に95%区間）です。`,
    baseline: '特徴的な興味関心はネットワーク全体との比較です。',
    account: 'アカウント',
    followers: 'Xのフォロワー数',
    estimate: 'オーディエンス（推定）',
    interests: 'フォロワーの特徴的な興味関心',
    overlap: '共通フォロワー',
    none: '—',
  },
} satisfies Record<Language, unknown>;

/** An estimate's cell: the value, and its 95 % interval on the line beneath. */
const estimateCell = (figure: EstimateFigure, language: Language): string =>
  `${formatLargeNumber(figure.value, language)}\n${formatLargeNumber(figure.low, language)}–${formatLargeNumber(figure.high, language)}`;

/** SPEC §7 pro-targeting summary PDF of a finished competitor analysis, in the asker's language. */
export async function competitorSummaryPdf(
  result: CompetitorAnalysisResult,
  language: Language,
  now: Date,
): Promise<{ filename: string; body: Buffer }> {
  const t = texts[language];
  const date = now.toISOString().slice(0, 10);
  const handles = result.competitors.map((c) => `@${c.handle}`);
  const body = await renderPdf({ title: t.title, author: PRO_AUTHOR }, (doc) => {
    heading(doc, t.title, 20);
    paragraph(doc, t.intro(result.competitors.length, date));
    // What "distinctive" is relative to: competitor analysis always compares with the whole network.
    paragraph(doc, t.baseline);
    table(
      doc,
      [
        [t.account, t.followers, t.estimate, t.interests],
        ...result.competitors.map((c) => [
          `@${c.handle}\n${c.account.name}`,
          formatLargeNumber(c.account.followers_count, language),
          estimateCell(c.followers.figure, language),
          c.top_interests
            .slice(0, 5)
            .map((i) => interestName(i.label, language))
            .join(language === 'ja' ? '、' : ', ') || t.none,
        ]),
      ],
      [0.25, 0.13, 0.17, 0.45],
    );
    if (result.competitors.length > 1) {
      heading(doc, t.overlap, 14);
      const share = 0.75 / result.competitors.length;
      table(
        doc,
        [
          ['', ...handles],
          ...result.competitors.map((c) => [
            `@${c.handle}`,
            ...result.competitors.map((other) => {
              const shared = c.overlap_figures[other.handle];
              return other.handle === c.handle || shared === undefined
                ? t.none
                : estimateCell(shared, language);
            }),
          ]),
        ],
        [0.25, ...result.competitors.map(() => share)],
      );
    }
  });
  return { filename: `competitor-analysis-${date}.pdf`, body };
}
