import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One MIME part of a received mail: its headers (lower-case names) and its decoded body. */
export interface MimePart {
  headers: Map<string, string>;
  body: Buffer;
}

/** A mail as the SMTP sink received it: envelope, subject, text parts and attachments, decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** A real SMTP server on loopback that keeps every message it receives. */
export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

const decodeQuotedPrintable = (raw: string): Buffer => {
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
  return Buffer.from(bytes);
};

function decodeBody(body: string, encoding: string): Buffer {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return Buffer.from(body, 'utf8');
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=) in a header's value. */
export const decodeHeader = (value: string): string =>
  value
    .replace(/\r?\n[ \t]+/g, ' ')
    // Whitespace between two encoded words is not part of the text (RFC 2047 §6.2).
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );

function splitPart(raw: string): { headers: Map<string, string>; body: string } {
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

/** The leaf parts of a MIME message, multiparts opened recursively, each body decoded. */
export function mimeLeaves(raw: string): MimePart[] {
  const { headers, body } = splitPart(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => mimeLeaves(chunk.replace(/^\r?\n/, '')));
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  return [{ headers, body: decodeBody(body.replace(/\r?\n$/, ''), encoding) }];
}

/** A parameter of a header (`filename` of Content-Disposition, say), RFC 2047 words decoded. */
const parameter = (header: string | undefined, name: string): string | undefined => {
  const found = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header ?? '')?.[1];
  return found === undefined ? undefined : decodeHeader(found);
};

/** Reads a raw message: its subject, the text of its text parts, and its attachments' bytes. */
export function readMail(raw: string): Pick<ReceivedMail, 'subject' | 'text' | 'attachments'> {
  const leaves = mimeLeaves(raw);
  const attachments: ReceivedMail['attachments'] = [];
  const texts: string[] = [];
  for (const part of leaves) {
    const type = part.headers.get('content-type') ?? 'text/plain';
    const filename =
      parameter(part.headers.get('content-disposition'), 'filename') ?? parameter(type, 'name');
    if (filename !== undefined) {
      attachments.push({ filename, contentType: type.split(';')[0]!.trim(), content: part.body });
    } else if (type.toLowerCase().startsWith('text/')) {
      texts.push(part.body.toString('utf8'));
    }
  }
  return {
    subject: decodeHeader(splitPart(raw).headers.get('subject') ?? ''),
    text: texts.join('\n'),
    attachments,
  };
}

/** Starts the sink on a free loopback port (no TLS, no authentication). */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push({ from, to, raw, ...readMail(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
