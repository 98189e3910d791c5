import { formatMoney, type Currency } from '@murmur/core/format';
import { renderPdf, table, type Pdf } from '../../integrations/pdf';
import { periodText, statusText, whole, type ReportData } from './report-data';
import { REPORT_TEXTS } from './report-texts';

/**
 * A team's report as an A4 PDF in the schedule's language (Noto Sans JP renders Japanese and Latin
 * alike): the team's logo and brand colour at the head, then its ad accounts, active audiences with
 * Murmur's estimates, uploads to X and X's delivery of its campaigns over the period.
 */
export function renderReportPdf(data: ReportData): Promise<Buffer> {
  const l = REPORT_TEXTS[data.language];
  const lang = data.language;
  return renderPdf({ title: `${data.team.name}: ${l.title}`, author: 'Murmur' }, (doc: Pdf) => {
    const width = doc.page.width - 96;
    doc.rect(0, 0, doc.page.width, 12).fill(data.brandColour);
    doc.y = 40;
    if (data.logo) {
      try {
        doc.image(data.logo, 48, 36, { fit: [120, 48] });
        doc.y = 92;
      } catch {
        // Not an image pdfkit reads (PNG or JPEG): the head keeps the team's name only.
      }
    }
    doc.font('bold').fontSize(20).fillColor(data.brandColour).text(data.team.name, 48, doc.y, { width });
    doc.font('bold').fontSize(14).fillColor('#222222').text(l.title);
    doc
      .font('body')
      .fontSize(10)
      .fillColor('#555555')
      .text(`${l.period}: ${periodText(data, l)}`);
    doc.text(`${l.generated}: ${data.generated.toISOString().slice(0, 16).replace('T', ' ')} UTC`);

    const heading = (text: string) => {
      if (doc.y > doc.page.height - 140) doc.addPage();
      doc.moveDown(0.8).font('bold').fontSize(13).fillColor(data.brandColour).text(text).moveDown(0.3);
      doc.font('body').fontSize(10).fillColor('#222222');
    };
    const note = (text: string) => doc.font('body').fontSize(8.5).fillColor('#555555').text(text);

    heading(l.adAccounts);
    if (data.adAccounts.length === 0) doc.text(l.noAdAccounts);
    for (const a of data.adAccounts) doc.text(a.name ? `${a.name} (${a.accountId})` : a.accountId);

    heading(l.audiences);
    if (data.audiences.length === 0) doc.text(l.noAudiences);
    else {
      table(
        doc,
        [
          [l.audience, l.sizeEstimate, l.interval],
          ...data.audiences.map((a) => [
            a.name,
            whole(a.size.value, lang),
            `${whole(a.size.low, lang)} – ${whole(a.size.high, lang)}`,
          ]),
        ],
        [0.5, 0.22, 0.28],
      );
      note(l.estimateNote);
    }

    heading(l.uploads);
    if (data.uploads.length === 0) doc.text(l.noUploads);
    else
      table(
        doc,
        [
          [l.audience, l.account, l.state, l.xSize, l.uploaded],
          ...data.uploads.map((u) => [
            u.name,
            u.accountName,
            l.states[u.state],
            whole(u.xSize, lang),
            u.created.toISOString().slice(0, 10),
          ]),
        ],
        [0.32, 0.2, 0.14, 0.17, 0.17],
      );

    heading(l.campaigns);
    if (data.campaigns.length === 0) doc.text(l.noCampaigns);
    else {
      table(
        doc,
        [
          [l.campaign, l.status, l.impressions, l.engagements, l.clicks, l.spent],
          ...data.campaigns.map((c) => [
            c.name,
            statusText(c.status, lang),
            whole(c.impressions, lang),
            whole(c.engagements, lang),
            whole(c.clicks, lang),
            formatMoney(c.spent, c.currency as Currency),
          ]),
        ],
        [0.28, 0.12, 0.15, 0.15, 0.12, 0.18],
      );
      note(l.xNote);
    }
  });
}
