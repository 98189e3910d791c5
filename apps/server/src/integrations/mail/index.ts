export type { Mail, MailAttachment, Mailer } from './mailer';
export { createMailer } from './create-mailer';
export { createSmtpMailer } from './smtp-mailer';
export { createLogMailer } from './log-mailer';
export { signInCodeMail } from './templates/sign-in-code';
export { invitationMail } from './templates/invitation';
export { createMailOutbox, OUTBOX_RULES, type MailOutbox, type OutboxEntry } from './outbox';
export { createOutboxRepository, type OutboxRepository } from './outbox.repository';
