import type { Ad, Adset, Campaign, Reach, SegmentKind, Segmentations, StatsTotal } from '@murmur/core/api';
import { criterionName, formatFrequency, segmentName } from '@murmur/core/api';
import { formatDate, formatLargeNumber, formatMoney } from '@murmur/core/format';
import type { Language } from '@murmur/core/api';
import { renderPdf } from '../../integrations/pdf';

const TEXTS = {
  en: {
    title: 'Campaign summary',
    objective: 'Objective',
    status: 'Status',
    budget: 'Budget',
    lifetime: 'lifetime',
    daily: 'daily',
    schedule: 'Schedule',
    adAccount: 'Ad account',
    figures: 'Delivery',
    impressions: 'Impressions',
    engagements: 'Engagements',
    clicks: 'Clicks',
    spent: 'Spent',
    perDay: 'Per day',
    day: 'Day',
    noDelivery: 'No delivery yet.',
    reach: 'Reach',
    reachText: (size: string, bucket: string, low: string, high: string) =>
      `Estimated audience (Murmur, the ad sets' targeting): ${size} accounts (${bucket}), 95 % interval ${low}–${high}`,
    reachedText: (reached: string, frequency: string) =>
      `Accounts reached (X, delivery so far): ${reached} · frequency ${frequency}`,
    segmentations: 'Segmentations',
    country: 'Country',
    age: 'Age',
    gender: 'Gender',
    interest: 'Interest',
    audiences: 'Ad sets and audiences',
    ads: 'Ads',
    synced: 'Delivery read from X',
    generated: 'Generated',
  },
  ja: {
    title: 'キャンペーンサマリー',
    objective: '目的',
    status: 'ステータス',
    budget: '予算',
    lifetime: '通算',
    daily: '1日',
    schedule: '期間',
    adAccount: '広告アカウント',
    figures: '配信',
    impressions: 'インプレッション',
    engagements: 'エンゲージメント',
    clicks: 'クリック',
    spent: '消化額',
    perDay: '日別',
    day: '日付',
    noDelivery: 'まだ配信はありません。',
    reach: 'リーチ',
    reachText: (size: string, bucket: string, low: string, high: string) =>
      `推定オーディエンス（Murmur、広告グループのターゲティング）: ${size} アカウント（${bucket}）、95%区間 ${low}〜${high}`,
    reachedText: (reached: string, frequency: string) =>
      `リーチしたアカウント（X、これまでの配信）: ${reached} · フリークエンシー ${frequency}`,
    segmentations: 'セグメント',
    country: '国',
    age: '年齢',
    gender: '性別',
    interest: '興味関心',
    audiences: '広告グループとオーディエンス',
    ads: '広告',
    synced: 'X から配信データを取得',
    generated: '作成日',
  },
} as const;

const STATUS_JA: Record<string, string> = {
  Active: '配信中',
  Paused: '一時停止',
  Draft: '下書き',
  Halted: '停止',
  Expired: '終了',
  Scheduled: '予約済み',
};
const OBJECTIVES: Record<string, { en: string; ja: string }> = {
  AWARENESS: { en: 'Awareness', ja: '認知度' },
  REACH: { en: 'Reach', ja: 'リーチ' },
  ENGAGEMENTS: { en: 'Engagements', ja: 'エンゲージメント' },
  WEBSITE_CLICKS: { en: 'Website clicks', ja: 'ウェブサイトのクリック' },
  FOLLOWERS: { en: 'Followers', ja: 'フォロワー' },
  VIDEO_VIEWS: { en: 'Video views', ja: '動画の再生' },
};

export interface CampaignSummary {
  campaign: Campaign;
  stats: StatsTotal;
  reach: Reach | null;
  segmentations: Segmentations | null;
  adsets: Adset[];
  ads: Ad[];
}

/**
 * The campaign's summary as an A4 PDF in `language`: its settings, the delivery figures (the same
 * numbers statstotal answers, formatted as on screen), a daily chart and table, reach,
 * segmentations, ad sets with their audiences and targeting, and the ads.
 */
export function renderCampaignSummary(s: CampaignSummary, language: Language, now: Date): Promise<Buffer> {
  const l = TEXTS[language];
  // SPEC §9 compact figures in the reader's language: 1.2M in English, 120万 in Japanese.
  const big = (n: number) => formatLargeNumber(n, language);
  return renderPdf({ title: `${l.title}: ${s.campaign.name}`, author: 'Murmur' }, (doc) => {
    const width = doc.page.width - 96;
    const heading = (text: string, size = 14) => {
      if (doc.y > doc.page.height - 140) doc.addPage();
      doc.moveDown(0.6).font('bold').fontSize(size).fillColor('#1c2a80').text(text).moveDown(0.3);
      doc.font('body').fontSize(10).fillColor('#222222');
    };
    const line = (label: string, value: string) =>
      doc.font('bold').fontSize(10).text(`${label}: `, { continued: true }).font('body').text(value);
    const c = s.campaign;
    const money = (n: number) => formatMoney(n, c.currency);
    const date = (iso: string | null) => (iso ? formatDate(iso, language) : '—');

    doc.font('bold').fontSize(20).fillColor('#1c2a80').text(l.title);
    doc.font('bold').fontSize(16).fillColor('#222222').text(c.name).moveDown(0.4);
    doc.font('body').fontSize(10);
    line(l.objective, OBJECTIVES[c.objective]?.[language] ?? c.objective);
    line(l.status, language === 'ja' ? (STATUS_JA[c.status] ?? c.status) : c.status);
    line(
      l.budget,
      c.budget_type === 'lifetime'
        ? `${money(c.lifetime_budget ?? 0)} (${l.lifetime})`
        : `${money(c.daily_budget ?? 0)} (${l.daily})`,
    );
    line(l.schedule, `${date(c.start)} – ${date(c.end)}`);
    line(l.adAccount, c.ad_account_id);

    heading(l.figures);
    const figures: [string, string][] = [
      [l.impressions, big(s.stats.totals.impressions)],
      [l.engagements, big(s.stats.totals.engagements)],
      [l.clicks, big(s.stats.totals.clicks)],
      [l.spent, money(s.stats.totals.spent)],
    ];
    const boxW = width / 4;
    const top = doc.y;
    figures.forEach(([label, value], i) => {
      const x = 48 + i * boxW;
      doc.rect(x + 2, top, boxW - 4, 48).fillAndStroke('#f1f3fb', '#d5d9ee');
      doc
        .fillColor('#555555')
        .font('body')
        .fontSize(9)
        .text(label, x + 10, top + 8, { width: boxW - 20 });
      doc
        .fillColor('#111111')
        .font('bold')
        .fontSize(14)
        .text(value, x + 10, top + 22, { width: boxW - 20 });
    });
    doc.x = 48;
    doc.y = top + 60;
    doc.font('body').fontSize(10).fillColor('#222222');

    heading(l.perDay, 12);
    if (s.stats.days.length === 0) doc.text(l.noDelivery);
    else {
      // Bars of impressions per day, then the same figures as a table.
      const chartTop = doc.y;
      const h = 90;
      const max = Math.max(...s.stats.days.map((d) => d.impressions), 1);
      const bar = width / s.stats.days.length;
      s.stats.days.forEach((d, i) => {
        const bh = (d.impressions / max) * h;
        doc.rect(48 + i * bar + 3, chartTop + h - bh, Math.max(2, bar - 6), bh).fill('#3b5bdb');
      });
      doc.fillColor('#222222');
      doc.x = 48;
      doc.y = chartTop + h + 8;
      const header: string[] = [l.day, l.impressions, l.engagements, l.clicks, l.spent];
      const rows: string[][] = [header].concat(
        s.stats.days.map((d) => [
          formatDate(d.day, language),
          big(d.impressions),
          big(d.engagements),
          big(d.clicks),
          money(d.spent),
        ]),
      );
      for (const [r, row] of rows.entries()) {
        if (doc.y > doc.page.height - 80) doc.addPage();
        const y = doc.y;
        row.forEach((cell, k) =>
          doc
            .font(r === 0 ? 'bold' : 'body')
            .fontSize(9)
            .text(cell, 48 + k * (width / 5), y, { width: width / 5 - 6 }),
        );
        doc.x = 48;
        doc.y = y + 14;
      }
    }

    if (s.reach) {
      heading(l.reach, 12);
      // Murmur's estimate with its 95 % interval, as the campaign screen shows it.
      const { figure } = s.reach;
      doc.text(l.reachText(big(figure.value), s.reach.size_bucket, big(figure.low), big(figure.high)));
      doc.text(l.reachedText(big(s.reach.reached), formatFrequency(s.reach.frequency)));
    }

    if (s.segmentations && s.segmentations.impressions > 0) {
      heading(l.segmentations, 12);
      const groups: [string, SegmentKind, Segmentations['country']][] = [
        [l.country, 'country', s.segmentations.country],
        [l.age, 'age', s.segmentations.age],
        [l.gender, 'gender', s.segmentations.gender],
        [l.interest, 'interest', s.segmentations.interest],
      ];
      for (const [label, kind, rows] of groups) {
        const text = rows
          .slice(0, 5)
          .map((r) => `${segmentName(kind, r, language)} ${big(r.impressions)}`)
          .join(' · ');
        line(label, text || '—');
      }
    }

    heading(l.audiences, 12);
    for (const a of s.adsets) {
      doc
        .font('bold')
        .fontSize(10)
        .text(`${a.name} — ${a.audience_name ?? '—'}`);
      doc.font('body').fontSize(9).fillColor('#444444');
      doc.text(`${big(a.impressions)} ${l.impressions} · ${money(a.spent)} · ${a.placements.join(', ')}`);
      if (a.targeting.length > 0)
        doc.text(
          a.targeting
            .slice(0, 30)
            .map((t) => criterionName(t, language))
            .join(', ') + (a.targeting.length > 30 ? ` … (+${a.targeting.length - 30})` : ''),
        );
      doc.fillColor('#222222').moveDown(0.3);
    }

    heading(l.ads, 12);
    for (const ad of s.ads) {
      const status = language === 'ja' ? (STATUS_JA[ad.status] ?? ad.status) : ad.status;
      doc.font('bold').fontSize(10).text(`${ad.creative.name} (${status})`);
      doc.font('body').fontSize(9).text(ad.creative.text).moveDown(0.3);
    }

    doc.moveDown(1).font('body').fontSize(8).fillColor('#777777');
    if (s.stats.synced) doc.text(`${l.synced}: ${formatDate(s.stats.synced, language)}`);
    doc.text(`${l.generated}: ${formatDate(now.toISOString(), language)}`);
  });
}
