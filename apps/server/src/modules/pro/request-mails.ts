import type { AudienceRequestKind, Language } from '@murmur/core/api';
import type { Mail } from '../../integrations/mail';
import { escapeHtml, mailBlock, mailName } from '../../integrations/mail/escape-html';

/** What was asked for, as the mails name it. */
const whatOf = {
  en: { audience: 'an audience', download: 'a download', access: 'access to the Targeting Toolkit' },
  ja: { audience: 'オーディエンス', download: 'ダウンロード', access: 'Targeting Toolkit へのアクセス' },
} satisfies Record<Language, Record<AudienceRequestKind, string>>;

const texts = {
  en: {
    verifySubject: 'Confirm your request on Targeting Toolkit',
    verifyIntro: (what: string) =>
      `Hello,\n\nwe received a request for ${what} made with this address. Please confirm your email address by opening this link:`,
    verifyOutro:
      'If you did not send this request, you can ignore this email: nothing happens without confirmation.',
    confirmedSubject: 'We received your request on Targeting Toolkit',
    confirmedBody: (name: string, what: string) =>
      `Hello ${name},\n\nthank you: your request for ${what} is confirmed. Our team will answer you by email, usually within two business days.`,
    answeredSubject: 'Your Targeting Toolkit request was answered',
    answeredIntro: (name: string) => `Hello ${name},\n\nour team answered your request:`,
    feedbackAsk: 'Tell us how we did:',
    staffSubject: (what: string, email: string) => `New request for ${what} from ${email}`,
    staffBody: 'A confirmed request is waiting for an answer:',
  },
  ja: {
    verifySubject: 'Targeting Toolkit へのリクエストを確認してください',
    verifyIntro: (what: string) =>
      `このメールアドレスで${what}のリクエストを受け付けました。次のリンクを開いて、メールアドレスを確認してください:`,
    verifyOutro:
      'このリクエストに心当たりがない場合は、このメールを無視してください。確認されない限り、何も行われません。',
    confirmedSubject: 'Targeting Toolkit へのリクエストを受け付けました',
    confirmedBody: (name: string, what: string) =>
      `${name} 様\n\n${what}のリクエストが確認されました。通常 2 営業日以内に、担当者よりメールでご連絡いたします。`,
    answeredSubject: 'Targeting Toolkit へのリクエストに回答しました',
    answeredIntro: (name: string) => `${name} 様\n\nリクエストへの回答です:`,
    feedbackAsk: 'ご意見をお聞かせください:',
    staffSubject: (what: string, email: string) => `${email} から${what}の新しいリクエスト`,
    staffBody: '確認済みのリクエストが回答を待っています:',
  },
} satisfies Record<Language, unknown>;

const paragraphs = (text: string) =>
  text
    .split('\n\n')
    .map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`)
    .join('');

interface Requester {
  email: string;
  name: string;
  kind: AudienceRequestKind;
  language: Language;
}

/** The first mail: the requester proves the address by opening the link (request-verification). */
export function verifyRequestMail(r: Requester, verifyUrl: string): Mail {
  const t = texts[r.language];
  // Signed out, anyone may type any address: until it is verified, its mail quotes nothing they typed.
  const intro = t.verifyIntro(whatOf[r.language][r.kind]);
  const url = escapeHtml(verifyUrl);
  return {
    to: r.email,
    subject: t.verifySubject,
    text: `${intro}\n${verifyUrl}\n\n${t.verifyOutro}\n`,
    html: `${paragraphs(intro)}<p><a href="${url}">${url}</a></p>${paragraphs(t.verifyOutro)}`,
  };
}

/** After the link was opened: the request counts and staff will answer. */
export function requestConfirmedMail(r: Requester): Mail {
  const t = texts[r.language];
  const body = t.confirmedBody(mailName(r.name), whatOf[r.language][r.kind]);
  return { to: r.email, subject: t.confirmedSubject, text: `${body}\n`, html: paragraphs(body) };
}

/** Staff's answer, in the requester's language around it, with the way to give feedback. */
export function requestAnsweredMail(r: Requester, answer: string, feedbackUrl: string): Mail {
  const t = texts[r.language];
  const intro = t.answeredIntro(mailName(r.name));
  const url = escapeHtml(feedbackUrl);
  answer = mailBlock(answer);
  return {
    to: r.email,
    subject: t.answeredSubject,
    text: `${intro}\n\n${answer}\n\n${t.feedbackAsk}\n${feedbackUrl}\n`,
    html:
      `${paragraphs(intro)}<blockquote style="white-space:pre-wrap">${escapeHtml(answer)}</blockquote>` +
      `<p>${escapeHtml(t.feedbackAsk)}<br><a href="${url}">${url}</a></p>`,
  };
}

/** Tells staff (in English) that a confirmed request waits. */
export function staffNoticeMail(to: string, r: Requester & { description: string }, listUrl: string): Mail {
  const t = texts.en;
  const subject = t.staffSubject(whatOf.en[r.kind], r.email);
  const body = `${t.staffBody}\n\n${mailName(r.name)} <${r.email}>\n${mailBlock(r.description)}`;
  return {
    to,
    subject,
    text: `${body}\n\n${listUrl}\n`,
    html: `${paragraphs(body)}<p><a href="${escapeHtml(listUrl)}">${escapeHtml(listUrl)}</a></p>`,
  };
}
