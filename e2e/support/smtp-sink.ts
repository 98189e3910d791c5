import { SMTPServer } from 'smtp-server';
import { readMail } from './mime';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The subject and every text part, decoded. */
  text: string;
}

/** A real SMTP server on loopback that keeps every message it receives, for reading sign-in codes. */
export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  /** How many mails have arrived so far; pass it as `after` to wait only for newer ones. */
  mark(): number;
  waitFor(
    predicate: (mail: ReceivedMail) => boolean,
    options?: { after?: number; timeoutMs?: number },
  ): Promise<ReceivedMail>;
  close(): Promise<void>;
}

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
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push({ to, raw, ...readMail(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP sink has no port');

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    mark: () => mails.length,
    async waitFor(predicate, { after = 0, timeoutMs = 15_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.slice(after).reverse().find(predicate);
        if (found) return found;
        if (Date.now() > deadline) {
          // What did come, so that a miss can be told from a slow mail or one to another address.
          const seen = mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ');
          throw new Error(`No matching mail within ${timeoutMs} ms (${mails.length} received: ${seen})`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
