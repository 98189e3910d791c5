import type { AudienceConfig, AudienceConfigKind, Language, ShareOffer } from '@murmur/core/api';
import type { TargetingPackage } from '@murmur/core/targeting';
import type { UserRow } from '../../db/schema';
import { BadRequest, NotFound } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { MailOutbox, OutboxEntry, OutboxRepository } from '../../integrations/mail';
import { escapeHtml, mailName } from '../../integrations/mail/escape-html';
import type { Mail } from '../../integrations/mail';
import type { ListShareLinks } from './list-share-links';
import type { ShareOffersRepository } from './share-offers.repository';

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

export const accountTexts = {
  en: (from: string, list: string) => ({
    subject: `${from} wants to share the audience "${list}" with you`,
    intro: `${from} wants to share the audience "${list}" with your Targeting Toolkit account. Accept it to add it to your lists, or decline it:`,
    outro: 'Nothing is added to your account until you accept.',
  }),
  ja: (from: string, list: string) => ({
    subject: `${from} さんがオーディエンス「${list}」を共有しようとしています`,
    intro: `${from} さんがオーディエンス「${list}」をあなたの Targeting Toolkit アカウントに共有しようとしています。承認するとリストに追加されます。辞退もできます:`,
    outro: '承認するまで、あなたのアカウントには何も追加されません。',
  }),
} satisfies Record<Language, unknown>;

export function shareMail(
  to: string,
  language: Language,
  from: string,
  list: string,
  url: string,
  catalogue: typeof texts | typeof accountTexts = texts,
): Mail {
  const t = catalogue[language](mailName(from), mailName(list));
  return {
    to,
    subject: t.subject,
    text: `${t.intro}\n${url}\n\n${t.outro}\n`,
    html: `<p>${escapeHtml(t.intro)}<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>${escapeHtml(t.outro)}</p>`,
  };
}

/**
 * Share a saved or targeting list (SPEC §7 audience configs share): each recipient gets a mail, in the
 * sharer's language, with the list's share link (list-share-links.ts: it expires, can be rotated and
 * revoked), which opens the list in the audience builder.
 */
export function createShareService(deps: {
  findConfig: FindConfig;
  inTransaction: <T>(
    work: (w: { outbox: OutboxRepository; offers: ShareOffersRepository }) => Promise<T>,
  ) => Promise<T>;
  outbox: MailOutbox;
  siteUrl: string;
  findUser: FindUser;
  copyList: CopyList;
  offers: ShareOffersRepository;
  clock: Clock;
  links: Pick<ListShareLinks, 'linkToMail'>;
  /** Logs a share via account that failed after the answer was sent. */
  onError?: (error: unknown) => void;
}) {
  const { findConfig, inTransaction, outbox, siteUrl, findUser, copyList, offers, clock, links } = deps;
  const sharerName = (user: UserRow) =>
    [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  const onError = deps.onError ?? (() => undefined);
  const pending = new Set<Promise<void>>();

  /** Share via account's offer and mail, when an account uses the address (none otherwise). */
  async function offerToAccount(user: UserRow, config: AudienceConfig, address: string): Promise<void> {
    const recipient = await findUser(address);
    if (!recipient || recipient.id === user.id) return;
    const kind = config.kind === 'targeting_list' ? 'targeting_list' : 'saved_list';
    const mail = shareMail(
      recipient.email,
      recipient.language,
      sharerName(user),
      config.name,
      `${siteUrl}/targeting-lists?shares=pending`,
      accountTexts,
    );
    const entry = await inTransaction(async (w) => {
      await w.offers.offer({
        audienceConfigId: config.id,
        fromUserId: user.id,
        toUserId: recipient.id,
        name: config.name,
        kind,
        targetingPackage: config.targeting_package,
        created: clock.now(),
      });
      return outbox.enqueue(w.outbox, mail, { kind: 'pro-request' });
    });
    // The outbox retries what this first attempt does not deliver.
    await outbox.sendNow(entry);
  }
  return {
    async share(user: UserRow, configId: number, emails: string[], days: number) {
      const config = await findConfig(user, configId);
      const from = sharerName(user);
      const url = await links.linkToMail(config.id, days);
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
     * Share via account (SPEC §7 audience configs share-via-account; docs/API-AUDIENCES.md): the
     * account signed in with `email` is offered the list (its name, kind and targeting package as
     * they are now) and mailed in its own language; the list lands in its lists only when it
     * accepts. The answer is the same whether or not such an account exists, and the lookup, the
     * offer and the mail happen after answering, so neither the body, the status nor the time tells
     * (a known address took ~60 ms longer when the offer was written before answering).
     */
    async shareViaAccount(user: UserRow, configId: number, email: string) {
      const config = await findConfig(user, configId);
      const address = email.trim().toLowerCase();
      if (address === user.email.toLowerCase())
        throw new BadRequest({ email: ['This list is already in your account.'] });
      // Everything that depends on whether the address has an account happens after answering.
      // setImmediate: the answer is on its way before the lookup starts (PGlite works on this thread).
      const work = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => offerToAccount(user, config, address))
        .catch((error: unknown) => onError(error));
      pending.add(work);
      void work.finally(() => pending.delete(work));
      return { shared_with: [address] };
    },

    /** Resolves when the offers made in the background so far are written and their mails tried. */
    async settled(): Promise<void> {
      await Promise.all([...pending]);
    },

    /** The lists other accounts offered to the caller, waiting for an answer. */
    async pendingOffers(user: UserRow): Promise<ShareOffer[]> {
      return (await offers.pendingFor(user.id)).map(({ offer, fromEmail, fromFirstName, fromLastName }) => ({
        id: offer.id,
        name: offer.name,
        kind: offer.kind,
        from: [fromFirstName, fromLastName].filter(Boolean).join(' ') || fromEmail,
        created: offer.created.toISOString(),
      }));
    },

    /** Accept: the list is copied into the caller's lists, as their own; the offer is gone. */
    async acceptOffer(user: UserRow, offerId: number): Promise<AudienceConfig> {
      const offer = await offers.take(offerId, user.id);
      if (!offer) throw new NotFound();
      return copyList(user, {
        name: offer.name,
        kind: offer.kind,
        targeting_package: offer.targetingPackage,
      });
    },

    /** Decline: the offer is deleted; nothing reaches the caller's lists. */
    async declineOffer(user: UserRow, offerId: number): Promise<void> {
      if (!(await offers.take(offerId, user.id))) throw new NotFound();
    },
  };
}
