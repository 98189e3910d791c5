import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/** Sends through the SMTP server in SMTP_URL (smtp://user:pass@host:587 or smtps://…:465). */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
    close: () => transport.close(),
  };
}
