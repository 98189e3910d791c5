import { renderPdf } from '../../integrations/pdf';
import type { HelpText } from './help-types';

/** A helper document: the title, then each article with its sections (A4, fonts embedded as subsets). */
export function helpPdf(title: string, articles: HelpText[]): Promise<Buffer> {
  return renderPdf({ title, author: 'Murmur', margin: 56 }, (doc) => {
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
  });
}
