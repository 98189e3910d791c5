/** A file sent with a mail, base64-encoded so that the mail stays JSON in the outbox (nodemailer's shape). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding: 'base64';
}

/** One outgoing mail. `text` is always present so every client can read it; `html` is optional. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A scheduled report's PDF and XLSX (docs/AGENCY.md "Scheduled reports"). */
  attachments?: MailAttachment[];
}

/** How services send mail; production uses SMTP, development logs, tests capture. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close?(): Promise<void> | void;
}
