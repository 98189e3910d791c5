import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);

/**
 * Noto Sans JP covers Latin and Japanese alike: one font for both interface languages, read once
 * for every PDF the server writes (help, campaign summaries, the pro site's documents).
 */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () =>
  (fonts ??= {
    regular: readFileSync(
      require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
    ),
    bold: readFileSync(require.resolve('@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf')),
  });

export type Pdf = PDFKit.PDFDocument;

/**
 * Writes an A4 PDF with `draw` and returns its bytes; `draw` writes with the fonts 'body' and
 * 'bold'. The fonts are embedded as subsets (only the glyphs used), so a page of Japanese stays small.
 */
export function renderPdf(
  info: { title: string; author: string; margin?: number },
  draw: (doc: Pdf) => void,
): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: info.margin ?? 48,
    info: { Title: info.title, Author: info.author },
  });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  doc.font('body');
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

export const heading = (doc: Pdf, text: string, size = 18) => {
  doc.font('bold').fontSize(size).fillColor('#1c2a80').text(text).moveDown(0.4);
  doc.font('body').fontSize(11).fillColor('#222222');
};

export const paragraph = (doc: Pdf, text: string) => {
  doc.font('body').fontSize(11).fillColor('#222222').text(text, { lineGap: 3 }).moveDown(0.6);
};

/** A simple table: the first row is the header. Columns share the page width by `widths` (fractions). */
export function table(doc: Pdf, rows: string[][], widths: number[]) {
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  rows.forEach((row, r) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
    const y = doc.y;
    let x = left;
    let height = 0;
    row.forEach((cell, c) => {
      const w = (widths[c] ?? 0) * width;
      doc.font(r === 0 ? 'bold' : 'body').fontSize(9.5);
      doc.text(cell, x + 3, y + 3, { width: w - 6 });
      height = Math.max(height, doc.y - y + 3);
      x += w;
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .strokeColor('#cccccc')
      .lineWidth(0.5)
      .stroke();
    doc.x = left;
    doc.y = y + height + 2;
  });
  doc.moveDown(0.8);
}
