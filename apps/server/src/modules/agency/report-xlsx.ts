import ExcelJS from 'exceljs';
import { periodText, statusText, type ReportData } from './report-data';
import { REPORT_TEXTS } from './report-texts';

/** Sheet names: at most 31 characters and none of : \ / ? * [ ] (Excel's rule). */
const sheetName = (text: string) => text.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);

/**
 * The report's figures as a workbook, one sheet per section, numbers as numbers (an agency's BI
 * reads them): audiences with Murmur's estimate and its interval, uploads with X's size, campaigns
 * with X's delivery over the period.
 */
export async function renderReportXlsx(data: ReportData): Promise<Buffer> {
  const l = REPORT_TEXTS[data.language];
  const book = new ExcelJS.Workbook();
  book.creator = 'Murmur';
  book.created = data.generated;
  const argb = `FF${data.brandColour.slice(1).toUpperCase()}`;
  const sheet = (title: string, header: string[], rows: (string | number)[][]) => {
    const ws = book.addWorksheet(sheetName(title));
    ws.addRow([data.team.name, periodText(data, l)]);
    const head = ws.addRow(header);
    head.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    head.eachCell((cell) => {
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb } };
    });
    for (const row of rows) ws.addRow(row);
    ws.columns.forEach((column) => {
      column.width = 22;
    });
  };
  sheet(
    l.audiences,
    [l.audience, l.sizeEstimate, `${l.interval} (min)`, `${l.interval} (max)`],
    data.audiences.map((a) => [a.name, a.size.value, a.size.low, a.size.high]),
  );
  sheet(
    l.uploads,
    [l.audience, l.account, l.state, l.xSize, l.uploaded],
    data.uploads.map((u) => [
      u.name,
      u.accountName,
      l.states[u.state],
      u.xSize,
      u.created.toISOString().slice(0, 10),
    ]),
  );
  sheet(
    l.campaigns,
    [l.campaign, l.account, l.status, l.impressions, l.engagements, l.clicks, l.spent, l.currency],
    data.campaigns.map((c) => [
      c.name,
      c.adAccountId,
      statusText(c.status, data.language),
      c.impressions,
      c.engagements,
      c.clicks,
      c.spent,
      c.currency,
    ]),
  );
  return Buffer.from(await book.xlsx.writeBuffer());
}
