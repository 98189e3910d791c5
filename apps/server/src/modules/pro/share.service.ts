import type { AudienceConfig, Language } from '@murmur/core/api';
import type { TargetingPackage } from '@murmur/core/targeting';
import type { UserRow } from '../../db/schema';
import type { MailOutbox, OutboxEntry, OutboxRepository } from '../../integrations/mail';
import { escapeHtml } from '../../integrations/mail/escape-html';
import type { Mail } from '../../integrations/mail';

export type ShareService = ReturnType<typeof createShareService>;

/** A saved list the caller may read (modules/audiences through the wiring); 404 otherwise. */
export type FindConfig = (user: UserRow, id: number) => Promise<AudienceConfig>;

/** UTF-8 base64url JSON, as the web app's `?package=` parameter reads it (lib/insights-link.ts). */
const encodePackage = (pkg: TargetingPackage) =>
  Buffer.from(JSON.stringify(pkg), 'utf8').toString('base64url');

const texts = {
  en: (from: string, list: string) => ({
    subject: `${from} shared the audience "${list}" with you`,
    intro: `${from} shared the audience "${list}" with you on Targeting Toolkit. Open it in the audience builder:`,
    outro: 'You can size it, see its insights and save it to your own lists.',
  }),
  ja: (from: string, list: string) => ({
    subject: `${from} さんがオーディエンス「${list}」を共有しました`,
    intro: `${from} さんが Targeting Toolkit でオーディエンス「${list}」を共有しました。オーディエンスビルダーで開く:`,
    outro: '規模の確認、インサイトの表示、自分のリストへの保存ができます。',
  }),
} satisfies Record<Language, unknown>;

function shareMail(to: string, language: Language, from: string, list: string, url: string): Mail {
  const t = texts[language](from, list);
  return {
    to,
    subject: t.subject,
    text: `${t.intro}\n${url}\n\n${t.outro}\n`,
    html: `<p>${escapeHtml(t.intro)}<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>${escapeHtml(t.outro)}</p>`,
  };
}

/**
 * Share a saved or targeting list (SPEC §7 audience configs share): each recipient gets a mail, in the
 * sharer's language, with a link that opens the list's targeting package in the audience builder.
 */
export function createShareService(deps: {
  findConfig: FindConfig;
  inTransaction: <T>(work: (w: { outbox: OutboxRepository }) => Promise<T>) => Promise<T>;
  outbox: MailOutbox;
  siteUrl: string;
}) {
  const { findConfig, inTransaction, outbox, siteUrl } = deps;
  return {
    async share(user: UserRow, configId: number, emails: string[]) {
      const config = await findConfig(user, configId);
      const from = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
      const url = `${siteUrl}/audience-builder?package=${encodePackage(config.targeting_package)}&flavour=pro`;
      const recipients = [...new Set(emails)];
      const entries: OutboxEntry[] = await inTransaction(async (w) => {
        const written: OutboxEntry[] = [];
        for (const to of recipients) {
          written.push(
            await outbox.enqueue(w.outbox, shareMail(to, user.language, from, config.name, url), {
              kind: 'pro-request',
            }),
          );
        }
        return written;
      });
      for (const entry of entries) await outbox.sendNow(entry);
      return { shared_with: recipients };
    },
  };
}
