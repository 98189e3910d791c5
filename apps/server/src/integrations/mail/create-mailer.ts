import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { createLogMailer } from './log-mailer';
import type { Mailer } from './mailer';
import { createSmtpMailer } from './smtp-mailer';

/** The mailer for this configuration; the logger is the app's, so logged mails sit with the requests. */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) return createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  return createLogMailer(log);
}
