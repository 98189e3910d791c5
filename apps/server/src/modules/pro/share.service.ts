import type { AudienceConfig, AudienceConfigKind, Language } from '@murmur/core/api';
import type { TargetingPackage } from '@murmur/core/targeting';
import type { UserRow } from '../../db/schema';
import { BadRequest } from '../../errors';
import type { MailOutbox, OutboxEntry, OutboxRepository } from '../../integrations/mail';
import { escapeHtml } from '../../integrations/mail/escape-html';
import type { Mail } from '../../integrations/mail';

export type ShareService = ReturnType<typeof createShareService>;

/** A saved list the caller may read (modules/audiences through the wiring); 404 otherwise. */
export type FindConfig = (user: UserRow, id: number) => Promise<AudienceConfig>;

/** The account signed in with an address, if any (modules/users through the wiring). */
export type FindUser = (email: string) => Promise<UserRow | undefined>;

/** A list saved as the recipient's own (modules/audiences through the wiring). */
export type CopyList = (
  to: UserRow,
  list: { name: string; kind: AudienceConfigKind; targeting_package: TargetingPackage },
) => Promise<AudienceConfig>;

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

const accountTexts = {
  en: (from: string, list: string) => ({
    subject: `${from} shared the audience "${list}" with your account`,
    intro: `${from} shared the audience "${list}" with your Targeting Toolkit account. It is now in your lists:`,
    outro: 'It is your own copy: rename it, change it or delete it as you like.',
  }),
  ja: (from: string, list: string) => ({
    subject: `${from} さんがオーディエンス「${list}」をあなたのアカウントに共有しました`,
    intro: `${from} さんがオーディエンス「${list}」をあなたの Targeting Toolkit アカウントに共有しました。リストに追加されています:`,
    outro: 'あなた専用のコピーです。名前の変更、編集、削除は自由にできます。',
  }),
} satisfies Record<Language, unknown>;

function shareMail(
  to: string,
  language: Language,
  from: string,
  list: string,
  url: string,
  catalogue: typeof texts | typeof accountTexts = texts,
): Mail {
  const t = catalogue[language](from, list);
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
  findUser: FindUser;
  copyList: CopyList;
}) {
  const { findConfig, inTransaction, outbox, siteUrl, findUser, copyList } = deps;
  const sharerName = (user: UserRow) =>
    [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  return {
    async share(user: UserRow, configId: number, emails: string[]) {
      const config = await findConfig(user, configId);
      const from = sharerName(user);
      const url = `${siteUrl}/audience-builder?package=${encodePackage(config.targeting_package)}`;
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

    /**
     * Share via account (SPEC §7 audience configs share-via-account): the list is copied into the
     * lists of the account signed in with `email` (same name, kind and targeting package; the
     * sharer's exclusions and stored insights stay theirs), and its owner gets a mail in their own
     * language with a link to it. Later changes on either side do not reach the other.
     */
    async shareViaAccount(user: UserRow, configId: number, email: string) {
      const config = await findConfig(user, configId);
      const recipient = await findUser(email);
      if (!recipient) {
        throw new BadRequest({
          email: ['No Targeting Toolkit account uses this email address. Share the list by mail instead.'],
        });
      }
      if (recipient.id === user.id)
        throw new BadRequest({ email: ['This list is already in your account.'] });
      const kind = config.kind === 'targeting_list' ? 'targeting_list' : 'saved_list';
      const copy = await copyList(recipient, {
        name: config.name,
        kind,
        targeting_package: config.targeting_package,
      });
      const url = `${siteUrl}/targeting-lists/${copy.id}`;
      const mail = shareMail(
        recipient.email,
        recipient.language,
        sharerName(user),
        config.name,
        url,
        accountTexts,
      );
      const entry = await inTransaction((w) => outbox.enqueue(w.outbox, mail, { kind: 'pro-request' }));
      await outbox.sendNow(entry);
      return { shared_with: [recipient.email] };
    },
  };
}
