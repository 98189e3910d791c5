import { BadRequest } from '../../errors';

export interface MultipartForm {
  fields: Record<string, string>;
  file: { name: string; filename: string; contentType: string; data: Buffer } | undefined;
}

const MAX_PARTS = 20;

/**
 * A buffered multipart/form-data body (RFC 7578) as text fields and its one file part — all an upload
 * policy's form has. Malformed bodies are a 400, never a crash.
 */
export function parseMultipart(body: Buffer, contentType: string): MultipartForm {
  const boundary = /boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) throw new BadRequest({ file: ['Malformed upload.'] });
  const delimiter = Buffer.from(`--${mark}`);
  const form: MultipartForm = { fields: {}, file: undefined };
  let at = body.indexOf(delimiter);
  let parts = 0;
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') return form;
    const next = body.indexOf(delimiter, start);
    if (next === -1 || ++parts > MAX_PARTS) break;
    // Each part: CRLF, headers, CRLF CRLF, content, CRLF before the next delimiter.
    const part = body.subarray(start + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split === -1) break;
    const headers = part.subarray(0, split).toString('utf8');
    const content = part.subarray(split + 4);
    const disposition = /content-disposition:\s*form-data;([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) break;
    if (filename !== undefined) {
      if (form.file) throw new BadRequest({ file: ['Send one file per upload.'] });
      const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? 'application/octet-stream';
      form.file = { name, filename, contentType: type, data: Buffer.from(content) };
    } else form.fields[name] = content.toString('utf8');
    at = next;
  }
  throw new BadRequest({ file: ['Malformed upload.'] });
}
