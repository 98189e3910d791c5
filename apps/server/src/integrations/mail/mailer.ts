/** One outgoing mail. `text` is always present so every client can read it; `html` is optional. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** How services send mail; production uses SMTP, development logs, tests capture. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close?(): Promise<void> | void;
}
