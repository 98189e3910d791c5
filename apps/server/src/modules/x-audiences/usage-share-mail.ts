import type { Language } from '@murmur/core/api';
import { escapeHtml, mailName } from '../../integrations/mail/escape-html';
import type { Mail } from '../../integrations/mail';

export interface UsageShareMailInput {
  to: string;
  /** The sharer's language: they chose whom to share with. */
  language: Language;
  sharerName: string;
  /** The X ad account the targeting was applied to. */
  adAccountId: string;
  /** The share link (the web's /shared-usage/:code). */
  url: string;
  /** The day the link stops working, already formatted for `language`. */
  until: string;
}

const texts = {
  en: (from: string, account: string, until: string) => ({
    subject: `${from} shared the targeting of an X ad campaign with you`,
    intro: `${from} shared with you the targeting they applied to the X ad account ${account} on Murmur. See its criteria, its insights, or build an audience from it:`,
    outro: `The link works until ${until}. Ask ${from} for a new one after that.`,
  }),
  ja: (from: string, account: string, until: string) => ({
    subject: `${from} さんが X 広告のターゲティングを共有しました`,
    intro: `${from} さんが Murmur で X 広告アカウント ${account} に適用したターゲティングを共有しました。条件とインサイトの確認、オーディエンスの作成ができます:`,
    outro: `このリンクは ${until} まで有効です。その後は ${from} さんに新しいリンクを依頼してください。`,
  }),
} satisfies Record<Language, unknown>;

/** The mail a usage's recipients get when it is shared with them (docs/API-AUDIENCES.md "Share links"). */
export function usageShareMail(input: UsageShareMailInput): Mail {
  // The sharer's name is user text (one line, capped, nothing hidden); the account id is X's.
  const t = texts[input.language](mailName(input.sharerName), mailName(input.adAccountId), input.until);
  const url = escapeHtml(input.url);
  return {
    to: input.to,
    subject: t.subject,
    text: `${t.intro}\n${input.url}\n\n${t.outro}\n`,
    html: `<p>${escapeHtml(t.intro)}<br><a href="${url}">${url}</a></p><p>${escapeHtml(t.outro)}</p>`,
  };
}
