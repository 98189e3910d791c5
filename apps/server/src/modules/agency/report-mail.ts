import type { Language } from '@murmur/core/api';
import type { Mail, MailAttachment } from '../../integrations/mail';
import { mailName } from '../../integrations/mail/escape-html';
import { REPORT_TEXTS } from './report-texts';

/**
 * The mail that carries a scheduled report (text only: the report is in the attachments). The team's
 * name is a user's text: one line, capped (docs/API.md "Mail: what users' text may do in it").
 */
export function reportMail(input: {
  to: string;
  language: Language;
  teamName: string;
  period: { first: string; last: string };
  attachments: MailAttachment[];
}): Mail {
  const l = REPORT_TEXTS[input.language];
  const team = mailName(input.teamName);
  const span = `${input.period.first} – ${input.period.last}`;
  return {
    to: input.to,
    subject: l.subject(team, span),
    text: l.body(team, span),
    attachments: input.attachments,
  };
}
