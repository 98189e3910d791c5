import type { InsightsBaselineUsed, InsightsReport, Language } from '@murmur/core/api';
import { countryByCode } from '@murmur/core/countries';
import { formatDate, formatLargeNumber, formatPercent, NO_VALUE } from '@murmur/core/format';
import type { Basis, Share } from '@murmur/core/insights';
import type { EstimateFigure } from '@murmur/core/sampling';
import { catalogueName, jobTitleName } from '@murmur/core/targeting';
import { heading, paragraph, renderPdf, table, type Pdf } from '../../integrations/pdf';
import { insightsText, type InsightsPdfKey } from './insights-pdf-texts';

/** What the PDF of one insights report shows beside the report itself. */
export interface InsightsPdfInput {
  report: InsightsReport;
  /** The saved audience's name; null for a package (the screen's "Unsaved audience"). */
  name: string | null;
  language: Language;
  /** When the report was computed (ISO), as the screen's "Computed …". */
  computed: string | null;
  /**
   * Signed-out callers get the tabs a signed-out visitor sees on screen (summary and demographics)
   * and the screen's "Sign in to access more data" (SPEC §6).
   */
  publicOnly: boolean;
}

/** Rows of each panel, as many as the screen's summary shows of its top interests. */
const TOP = 10;

const share = (x: number): string => formatPercent(x, { fromFraction: true });
const affinityNumber = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 2 });
const affinity = (x: number | null): string =>
  x === null || !Number.isFinite(x) ? NO_VALUE : `${affinityNumber.format(x)}×`;
/** A history day ("2026-11-20") as the screen writes it. */
const day = (d: string, language: Language): string =>
  formatDate(`${d}T00:00:00Z`, language, { timeZone: 'UTC' });

type Labeller = (s: Pick<Share, 'key' | 'label'>) => string;

/** Values in the interface language, as the screen's useValueLabels names them. */
function labellers(language: Language, t: (key: InsightsPdfKey, v?: Record<string, string>) => string) {
  const displayNames = new Intl.DisplayNames([language], { type: 'language' });
  const gender: Record<string, InsightsPdfKey> = {
    male: 'insights.values.male',
    female: 'insights.values.female',
    unknown: 'insights.values.unknown',
  };
  const country: Labeller = (s) => {
    const c = countryByCode(s.key.toUpperCase());
    return c === undefined ? s.label : language === 'ja' ? c.nameJa : c.name;
  };
  return {
    plain: ((s) => s.label) as Labeller,
    country,
    gender: ((s) => {
      const key = gender[s.key.toLowerCase()];
      return key === undefined ? s.label : t(key);
    }) as Labeller,
    age: ((s) => {
      const over = /^AGE_OVER_(\d+)$/.exec(s.key) ?? /^(\d+)\+$/.exec(s.key);
      if (over) return t('insights.values.ageOver', { age: over[1]! });
      const band = /^(\d+)-(\d+)$/.exec(s.key);
      return band ? t('insights.values.ageBand', { from: band[1]!, to: band[2]! }) : s.label;
    }) as Labeller,
    language: ((s) => {
      // English screens keep the data's own name; Japanese ones name the language in Japanese.
      if (language === 'en' && s.label !== '' && s.label !== s.key) return s.label;
      try {
        return displayNames.of(s.key) ?? s.label;
      } catch {
        return s.label;
      }
    }) as Labeller,
    interest: ((s) => catalogueName('interests', s.label, language)) as Labeller,
    topic: ((s) => catalogueName('conversations', s.label, language)) as Labeller,
    movie: ((s) => catalogueName('movies_and_tv_shows', s.label, language)) as Labeller,
    jobCategory: ((s) => catalogueName('job_categories', s.label, language)) as Labeller,
    jobTitle: ((s) => jobTitleName(s.key, s.label, language)) as Labeller,
  };
}

/** What the shares and affinities are relative to, in the words of the screen's header. */
function baselineNote(
  used: InsightsBaselineUsed | undefined,
  language: Language,
  t: (key: InsightsPdfKey, v?: Record<string, string | number>) => string,
): string {
  if (used?.kind === 'earlier' && typeof used.ref === 'string') {
    const dropped = used.dropped ?? 0;
    const note = t('baseline.earlier.comparedWith', { date: day(used.ref, language) });
    if (dropped === 0) return note;
    const droppedText = t(dropped === 1 ? 'baseline.earlier.dropped_one' : 'baseline.earlier.dropped_other', {
      count: dropped,
    });
    return `${note}${language === 'ja' ? '' : ' '}${droppedText}`;
  }
  let label: string;
  if (used === undefined || used.kind === 'network') label = t('baseline.network');
  else if (used.kind === 'country' && typeof used.ref === 'string') {
    const c = countryByCode(used.ref);
    label = c === undefined ? used.label : language === 'ja' ? c.nameJa : c.name;
  } else label = used.label;
  return t('baseline.relativeTo', { label });
}

/** The PDF's words and its panels' drawing, in one language. */
function writer(language: Language) {
  const t = (key: InsightsPdfKey, values?: Record<string, string | number>) =>
    insightsText(language, key, values);
  const names = labellers(language, t);
  const big = (n: number) => formatLargeNumber(n, language);
  const estimateText = (figure: EstimateFigure) =>
    t('figures.estimateWithRange', {
      value: big(figure.value),
      low: big(figure.low),
      high: big(figure.high),
    });
  const intervalTip = (figure: EstimateFigure) => {
    const whole = (n: number) => n.toLocaleString(language, { maximumFractionDigits: 0 });
    const values = {
      low: big(figure.low),
      high: big(figure.high),
      sample: whole(figure.sample),
      rate: whole(figure.rate),
    };
    return figure.sample_size === null
      ? t('figures.intervalTipLarge', values)
      : t('figures.intervalTip', { ...values, sampleSize: whole(figure.sample_size) });
  };

  const basisNotes = (doc: Pdf, basis: Basis | undefined) => {
    if (basis === undefined) return;
    const lines = [
      t('insightsSupport.basis', { analysed: basis.analysed.toLocaleString('en-US'), min: basis.minSupport }),
    ];
    if (basis.sampled) {
      lines.push(
        t('insights.sampled', {
          analysed: basis.analysed.toLocaleString('en-US'),
          members: basis.members.toLocaleString('en-US'),
        }),
      );
    }
    doc.font('body').fontSize(8.5).fillColor('#555555').text(lines.join(' '), { lineGap: 1 });
    doc.fillColor('#222222').moveDown(0.9);
  };

  /** One panel: its title, its top rows (value, n, share with interval, affinity with interval). */
  const sharePanel = (
    doc: Pdf,
    panelTitle: string,
    shares: readonly Share[] | undefined,
    basis: Basis | undefined,
    labelOf: Labeller,
  ) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 120) doc.addPage();
    heading(doc, panelTitle, 12.5);
    const rows = (shares ?? []).slice(0, TOP);
    if (rows.length === 0) {
      paragraph(doc, t('insights.emptyPanel'));
    } else {
      table(
        doc,
        [
          [t('charts.value'), t('insightsSupport.count'), t('charts.share'), t('charts.affinity')],
          ...rows.map((s) => [
            labelOf(s),
            big(s.count),
            s.shareInterval
              ? `${share(s.share)}\n${share(s.shareInterval[0])}–${share(s.shareInterval[1])}`
              : share(s.share),
            s.affinityInterval
              ? `${affinity(s.affinity)}\n${affinity(s.affinityInterval[0])}–${affinity(s.affinityInterval[1])}`
              : affinity(s.affinity),
          ]),
        ],
        [0.46, 0.12, 0.21, 0.21],
      );
      doc.moveUp(0.6);
    }
    basisNotes(doc, basis);
  };

  const tabHeading = (doc: Pdf, key: InsightsPdfKey) => {
    doc.addPage();
    heading(doc, t(key), 16);
  };

  return { t, names, big, estimateText, intervalTip, sharePanel, tabHeading };
}
type Writer = ReturnType<typeof writer>;

/** The header, the size and baseline, the summary's and the demographics' panels. */
function drawPublic(doc: Pdf, w: Writer, input: InsightsPdfInput, title: string): void {
  const { t, names, big, estimateText, intervalTip, sharePanel, tabHeading } = w;
  const { report, language } = input;
  const { estimate, summary, interests, influentialAccounts, demographics } = report;
  heading(doc, title, 20);
  if (input.computed !== null) {
    doc
      .font('body')
      .fontSize(9)
      .fillColor('#555555')
      .text(t('insights.computedOn', { date: formatDate(input.computed, language, { timeZone: 'UTC' }) }))
      .moveDown(0.4);
  }
  paragraph(doc, baselineNote(report.baseline, language, t));

  // ---- the size: Murmur's population estimate with its interval, and the accounts counted ----
  heading(doc, t('insights.panels.keyFigures'), 14);
  const size = estimate.figure;
  table(
    doc,
    [
      // The first row is bold: the size is the report's key figure.
      [t('figures.estimate'), estimateText(size)],
      [t('insights.summary.sampleCount'), big(summary?.sampleCount ?? estimate.sample_count)],
      [t('insights.summary.bucket'), summary?.sizeBucket ?? estimate.size_bucket],
      ...(report.baseline !== undefined ? [[t('pdf.baselineSize'), estimateText(report.baseline.size)]] : []),
    ],
    [0.45, 0.55],
  );
  doc.moveUp(0.6);
  doc.font('body').fontSize(8.5).fillColor('#555555').text(intervalTip(size)).moveDown(0.4);
  doc
    .text(
      language === 'ja'
        ? `${t('charts.legendAffinity')}。${t('insightsSupport.legendInterval')}。`
        : `${t('charts.legendAffinity')}. ${t('insightsSupport.legendInterval')}.`,
    )
    .moveDown(0.9);
  doc.fillColor('#222222');

  sharePanel(
    doc,
    t('insights.panels.topInterests'),
    interests?.distinctive.length ? interests.distinctive : interests?.interests,
    interests?.basis,
    names.interest,
  );
  sharePanel(
    doc,
    t('insights.panels.influentialAccounts'),
    influentialAccounts?.accounts.map((a) => ({ ...a, key: a.handle, label: `@${a.handle}` })),
    influentialAccounts?.basis,
    names.plain,
  );

  tabHeading(doc, 'insights.tabs.demographics');
  sharePanel(doc, t('insights.panels.gender'), demographics?.gender, demographics?.basis, names.gender);
  sharePanel(doc, t('insights.panels.ageBands'), demographics?.ageBands, demographics?.basis, names.age);
  sharePanel(
    doc,
    t('insights.panels.countries'),
    report.locations?.countries ?? demographics?.countries,
    report.locations?.basis ?? demographics?.basis,
    names.country,
  );
  sharePanel(
    doc,
    t('insights.panels.languages'),
    demographics?.languages,
    demographics?.basis,
    names.language,
  );
}

/** The tabs a signed-in user sees besides: conversation, job titles, topic analysis. */
function drawSignedIn(doc: Pdf, w: Writer, report: InsightsReport): void {
  const { t, names, sharePanel, tabHeading } = w;
  const { interests } = report;
  const { conversationTopics, bioWords, topicAnalysis, jobTitles } = report;
  tabHeading(doc, 'insights.tabs.conversation');
  sharePanel(doc, t('insights.panels.interests'), interests?.interests, interests?.basis, names.interest);
  sharePanel(
    doc,
    t('insights.panels.distinctiveInterests'),
    interests?.distinctive,
    interests?.basis,
    names.interest,
  );
  sharePanel(
    doc,
    t('insights.panels.conversationTopics'),
    conversationTopics?.topics,
    conversationTopics?.basis,
    names.topic,
  );
  sharePanel(
    doc,
    t('insights.panels.moviesTv'),
    conversationTopics?.moviesTv,
    conversationTopics?.basis,
    names.movie,
  );
  sharePanel(doc, t('insights.panels.bioWords'), bioWords?.words, bioWords?.basis, names.plain);
  sharePanel(
    doc,
    t('insights.panels.distinctiveBioWords'),
    bioWords?.distinctive,
    bioWords?.basis,
    names.plain,
  );

  tabHeading(doc, 'insights.tabs.jobTitles');
  sharePanel(
    doc,
    t('insights.panels.jobCategories'),
    jobTitles?.categories,
    jobTitles?.basis,
    names.jobCategory,
  );

  tabHeading(doc, 'insights.tabs.topicAnalysis');
  sharePanel(doc, t('insights.panels.hashtags'), topicAnalysis?.hashtags, topicAnalysis?.basis, names.plain);
  sharePanel(doc, t('insights.panels.terms'), topicAnalysis?.terms, topicAnalysis?.basis, names.plain);
  sharePanel(
    doc,
    t('insights.panels.distinctiveTerms'),
    topicAnalysis?.distinctiveTerms,
    topicAnalysis?.basis,
    names.plain,
  );
}

/**
 * The insights report of one audience as an A4 PDF in the user's language: its name, its size as a
 * population estimate with the 95 % interval and the accounts counted, the baseline the shares are
 * measured against, and each panel's top items with n, share and affinity, each with its interval;
 * items under the minimum support are hidden by the engine and the panel says so, as on screen.
 */
export async function insightsPdf(input: InsightsPdfInput): Promise<{ filename: string; body: Buffer }> {
  const { language, publicOnly } = input;
  const w = writer(language);
  const title = `${w.t('insights.title')}: ${input.name ?? w.t('insights.unsavedAudience')}`;
  const body = await renderPdf({ title, author: 'Murmur' }, (doc) => {
    drawPublic(doc, w, input, title);
    if (publicOnly)
      paragraph(doc, `${w.t('insights.signIn')}${language === 'ja' ? '。' : '. '}${w.t('pdf.publicOnly')}`);
    else drawSignedIn(doc, w, input.report);
  });
  const date = input.computed === null ? '' : `-${input.computed.slice(0, 10)}`;
  return { filename: `insights${date}.pdf`, body };
}
