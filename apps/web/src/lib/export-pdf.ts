import { downloadBlob } from './download';
import { fileSafe, type PngSource } from './export-png';

const ascii = (text: string) => new TextEncoder().encode(text);

/**
 * A one-page PDF holding one JPEG image at `width` × `height` points: JPEG goes into PDF as is
 * (DCTDecode), so no PDF library is needed for a chart's export.
 */
export function pdfWithJpeg(
  jpeg: Uint8Array,
  pixels: { width: number; height: number },
  points: { width: number; height: number },
): Uint8Array<ArrayBuffer> {
  const w = points.width.toFixed(2);
  const h = points.height.toFixed(2);
  const draw = `q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q`;
  const parts: (string | Uint8Array)[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: string | Uint8Array) => {
    parts.push(part);
    length += typeof part === 'string' ? ascii(part).length : part.length;
  };
  const object = (n: number, body: string | (string | Uint8Array)[]) => {
    offsets[n] = length;
    push(`${n} 0 obj\n`);
    for (const p of typeof body === 'string' ? [body] : body) push(p);
    push('\nendobj\n');
  };
  push('%PDF-1.4\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(
    3,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>`,
  );
  object(4, [
    `<< /Type /XObject /Subtype /Image /Width ${pixels.width} /Height ${pixels.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
    jpeg,
    '\nendstream',
  ]);
  object(5, `<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`);
  const xref = length;
  push(`xref\n0 6\n0000000000 65535 f \n`);
  for (let n = 1; n <= 5; n++) push(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    const bytes = typeof p === 'string' ? ascii(p) : p;
    out.set(bytes, at);
    at += bytes.length;
  }
  return out;
}

/** Saves a DOM node as `<name>.pdf`: drawn at 2× as a JPEG by html-to-image, one page its size. */
export async function exportPdf(source: PngSource): Promise<void> {
  const { toJpeg } = await import('html-to-image');
  const url = await toJpeg(source.node, {
    backgroundColor: '#ffffff',
    pixelRatio: 2,
    quality: 0.92,
    skipFonts: true,
    filter: (child) => !(child instanceof HTMLElement && child.dataset.exportIgnore !== undefined),
  });
  const jpeg = Uint8Array.from(atob(url.slice(url.indexOf(',') + 1)), (c) => c.charCodeAt(0));
  const image = new Image();
  image.src = url;
  await image.decode();
  const pixels = { width: image.naturalWidth, height: image.naturalHeight };
  // 2 pixels a CSS pixel, 1 point a CSS pixel: the page is the chart's size on screen.
  const pdf = pdfWithJpeg(jpeg, pixels, { width: pixels.width / 2, height: pixels.height / 2 });
  downloadBlob(new Blob([pdf], { type: 'application/pdf' }), `${fileSafe(source.name)}.pdf`);
}
