import type { Language } from '@murmur/core/api';
import { escapeHtml, mailBlock, mailName } from '../escape-html';
import type { Mail } from '../mailer';

export interface InvitationMailInput {
  to: string;
  /** The inviter's language: they chose whom to invite and wrote the message. */
  language: Language;
  inviterName: string;
  teamName: string;
  /** The inviter's optional note (SPEC §5); empty for none. */
  message: string;
  acceptUrl: string;
}

const texts = {
  en: (inviter: string, team: string) => ({
    subject: `${inviter} invited you to join ${team} on Murmur`,
    intro: `${inviter} invited you to join the team "${team}" on Murmur.`,
    messageLabel: `Message from ${inviter}:`,
    action: 'Accept the invitation:',
    outro: 'If you were not expecting this invitation, you can ignore this email.',
  }),
  ja: (inviter: string, team: string) => ({
    subject: `${inviter} さんから Murmur のチーム「${team}」への招待が届いています`,
    intro: `${inviter} さんから Murmur のチーム「${team}」に招待されました。`,
    messageLabel: `${inviter} さんからのメッセージ:`,
    action: '招待を承認するには、次のリンクを開いてください:',
    outro: 'この招待に心当たりがない場合は、このメールを無視してください。',
  }),
} satisfies Record<Language, unknown>;

/** SPEC §3/§5 invite: the link carries the one-time code; the inviter's message is quoted as typed. */
export function invitationMail(input: InvitationMailInput): Mail {
  // Names and the note are the inviter's text: one line each / a capped block, nothing hidden.
  const t = texts[input.language](mailName(input.inviterName), mailName(input.teamName));
  const message = mailBlock(input.message);
  const note = message ? `${t.messageLabel}\n${message}\n\n` : '';
  const htmlNote = message
    ? `<p>${escapeHtml(t.messageLabel)}</p><blockquote style="white-space:pre-wrap">${escapeHtml(message)}</blockquote>`
    : '';
  const url = escapeHtml(input.acceptUrl);
  return {
    to: input.to,
    subject: t.subject,
    text: `${t.intro}\n\n${note}${t.action}\n${input.acceptUrl}\n\n${t.outro}\n`,
    html:
      `<p>${escapeHtml(t.intro)}</p>${htmlNote}` +
      `<p>${escapeHtml(t.action)}<br><a href="${url}">${url}</a></p><p>${escapeHtml(t.outro)}</p>`,
  };
}
