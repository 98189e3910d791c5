import { describe, expect, it } from 'vitest';
import { pdfWithJpeg } from './export-pdf';

describe('pdfWithJpeg', () => {
  it('writes one page of the given size holding the JPEG bytes, with a cross-reference table that points at each object', () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
    const pdf = pdfWithJpeg(jpeg, { width: 640, height: 300 }, { width: 320, height: 150 });
    const text = new TextDecoder('latin1').decode(pdf);
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text).toContain('/MediaBox [0 0 320.00 150.00]');
    expect(text).toContain('/Width 640 /Height 300');
    expect(text).toContain(`/Filter /DCTDecode /Length ${jpeg.length}`);
    // The image's bytes are in the file as they are.
    const at = pdf.findIndex((_, i) => jpeg.every((b, k) => pdf[i + k] === b));
    expect(at).toBeGreaterThan(0);
    // Every xref offset starts "<n> 0 obj"; startxref points at the table.
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((o, k) => expect(text.slice(o, o + 8)).toBe(`${k + 1} 0 obj\n`));
    const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(start, start + 4)).toBe('xref');
  });
});
