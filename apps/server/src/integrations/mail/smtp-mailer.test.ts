import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './smtp-mailer';
import { invitationMail } from './templates/invitation';

/** A local SMTP sink: proves that the nodemailer path really speaks SMTP. */
let server: SMTPServer;
let port: number;
const received: { from: string; to: string[]; data: string }[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (data += chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('SMTP mailer', () => {
  it('delivers a mail with text and HTML parts to the SMTP server', async () => {
    const mailer = createSmtpMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Murmur <no-reply@murmur.test>',
    });
    const mail = invitationMail({
      to: 'guest@example.com',
      language: 'en',
      inviterName: 'Bea',
      teamName: 'Acme',
      message: 'Welcome!',
      acceptUrl: 'https://murmur.test/acme/invite-accept?code=abc',
    });
    await mailer.send(mail);
    await mailer.close?.();

    expect(received).toHaveLength(1);
    const [delivered] = received;
    expect(delivered!.from).toBe('no-reply@murmur.test');
    expect(delivered!.to).toEqual(['guest@example.com']);
    expect(delivered!.data).toContain('Subject: Bea invited you to join Acme on Murmur');
    expect(delivered!.data).toContain('text/plain');
    expect(delivered!.data).toContain('text/html');
    expect(delivered!.data).toContain('https://murmur.test/acme/invite-accept?code=abc');
  });

  it('rejects when the server cannot be reached, so callers can keep invites pending', async () => {
    const mailer = createSmtpMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'no-reply@murmur.test' });
    await expect(mailer.send({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toThrow();
    await mailer.close?.();
  });
});
