import type { Mail, Mailer } from '../integrations/mail';

/** Keeps every mail in memory; `failFor` makes sending to those addresses throw, like a dead SMTP server. */
export function createCapturingMailer() {
  const sent: Mail[] = [];
  const failFor = new Set<string>();
  const mailer: Mailer & { sent: Mail[]; failFor: Set<string>; last(to: string): Mail } = {
    sent,
    failFor,
    send(mail) {
      if (failFor.has(mail.to)) return Promise.reject(new Error(`SMTP refused ${mail.to}`));
      sent.push(mail);
      return Promise.resolve();
    },
    last(to) {
      const mail = sent.filter((m) => m.to === to).at(-1);
      if (!mail) throw new Error(`no mail to ${to}`);
      return mail;
    },
  };
  return mailer;
}

export type CapturingMailer = ReturnType<typeof createCapturingMailer>;
