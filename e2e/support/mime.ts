/**
 * Just enough MIME to read what a person reads in a mail: the decoded bodies of its text parts and its
 * subject, whether nodemailer chose 7bit, quoted-printable or base64 (Japanese mails are not ASCII).
 */
const decodeQuotedPrintable = (raw: string): string => {
  const bytes: number[] = [];
  const text = raw.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
};

const decodeBody = (body: string, encoding: string): string => {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
};

/** RFC 2047 encoded words in headers, e.g. =?UTF-8?B?…?= */
const decodeHeader = (value: string): string =>
  value
    .replace(/\r?\n[ \t]+/g, ' ')
    // Whitespace between two encoded words is not part of the text (RFC 2047 §6.2).
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function textParts(part: Part): string[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    return part.body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => textParts(splitPart(chunk.replace(/^\r?\n/, ''))));
  }
  if (!type.toLowerCase().startsWith('text/')) return [];
  return [decodeBody(part.body, (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase())];
}

export function readMail(raw: string): { subject: string; text: string } {
  const message = splitPart(raw);
  const subject = decodeHeader(message.headers.get('subject') ?? '');
  return { subject, text: `${subject}\n${textParts(message).join('\n')}` };
}
