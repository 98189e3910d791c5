import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { HelpText } from './help-types';

const require = createRequire(import.meta.url);

/** Noto Sans JP covers Latin and Japanese alike: one font for both interface languages. */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () =>
  (fonts ??= {
    regular: readFileSync(
      require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
    ),
    bold: readFileSync(require.resolve('@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf')),
  });

/** A helper document: the title, then each article with its sections (A4, fonts embedded as subsets). */
export function helpPdf(title: string, articles: HelpText[]): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Author: 'Murmur' } });
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('bold').fontSize(22).fillColor('#1c2a80').text(title).moveDown(0.8);
  for (const article of articles) {
    doc.font('bold').fontSize(16).fillColor('#1c2a80').text(article.title).moveDown(0.2);
    doc.font('body').fontSize(11).fillColor('#555555').text(article.summary).moveDown(0.6);
    for (const section of article.sections) {
      doc.font('bold').fontSize(12).fillColor('#222222').text(section.title).moveDown(0.2);
      doc.font('body').fontSize(11).fillColor('#222222').text(section.body, { lineGap: 3 }).moveDown(0.6);
    }
    doc.moveDown(0.6);
  }
  doc.end();
  return done;
}
