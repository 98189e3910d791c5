import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer';

/**
 * Development without SMTP_URL: the whole mail, sign-in code included, goes to the server log, so a
 * developer can sign in from a fresh clone. Never used in production (SMTP_URL is required there).
 */
export function createLogMailer(log: FastifyBaseLogger): Mailer {
  return {
    send(mail) {
      log.info(
        { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
        `mail to ${mail.to} (logged, not sent)`,
      );
      return Promise.resolve();
    },
  };
}
