import type { AudienceUsage } from '@murmur/core/api';
import type { UserRow } from '../../db/schema';
import { Gone, NotFound } from '../../errors';
import type { Clock } from '../../lib/clock';
import { hmac, randomKey, safeEqual } from '../../lib/crypto';
import type { Mail } from '../../integrations/mail';
import { usageShareMail } from './usage-share-mail';
import type { UsageRow, XAudiencesRepository } from './x-audiences.repository';

const DAY_MS = 86_400_000;
/** docs/API-AUDIENCES.md "Share links": what a dead link answers. */
export const SHARE_LINK_NOT_VALID = 'This share link is not valid: it was replaced by a new one or revoked.';
export const SHARE_LINK_EXPIRED = 'This share link has expired. Ask the person who shared it for a new one.';

/** Whether a usage has a share link that still works. */
/** A usage's code in its link: `<id>.<signature>` (the web's /shared-usage/:code). */
export const usageLinkCode = (id: number, signature: string) => `${id}.${signature}`;

/** The day a link stops working, as the sharer reads it in a mail. */
const mailDay = (date: Date, language: 'en' | 'ja') =>
  new Intl.DateTimeFormat(language === 'ja' ? 'ja-JP' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(date);

export const liveShareLink = (row: UsageRow, clock: Clock) =>
  row.shareNonce !== null && row.shareExpiresAt !== null && row.shareExpiresAt > clock.now();

/**
 * A usage's share link (docs/API-AUDIENCES.md "Share links"): signed with the usage's
 * current nonce, so rotating (a new nonce) kills the old link at once and revoking (no nonce) kills
 * it for good; it works for 7, 30 or 90 days. Whoever opens it, and each recipient, never sees the
 * other recipients' addresses.
 */
export function createUsageShareLinks(deps: {
  repo: XAudiencesRepository;
  secret: string;
  clock: Clock;
  own: (user: UserRow, id: number) => Promise<UsageRow>;
  present: (row: UsageRow) => AudienceUsage;
  /** The dashboard's origin: links open its /shared-usage/:code. */
  siteUrl: string;
  /** Sends a mail through the outbox (retried until delivered); none when absent (unit tests). */
  sendMail?: (mail: Mail) => Promise<void>;
}) {
  const { repo, secret, clock, own, present, siteUrl } = deps;
  const sharerName = (user: UserRow) =>
    [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
  const sign = (id: number, nonce: string) => hmac(secret, `audience-usage:${id}:${nonce}`).slice(0, 32);
  const liveLink = (row: UsageRow) => liveShareLink(row, clock);
  /**
   * What someone other than the owner sees: never the other recipients' addresses (a recipient sees
   * their own address only; whoever opens the link, none) nor the link's expiry.
   */
  const presentShared = (row: UsageRow, viewer?: string): AudienceUsage => ({
    ...present(row),
    shared_with: viewer === undefined ? [] : [viewer],
    share_expires_at: null,
  });

  /** A fresh link for a usage: a new nonce (older links die) working for `days` days. */
  async function newLink(row: UsageRow, days: number) {
    const shareNonce = randomKey(16);
    const shareExpiresAt = new Date(clock.now().getTime() + days * DAY_MS);
    await repo.updateUsage(row.id, { shareNonce, shareExpiresAt });
    return { shareNonce, shareExpiresAt };
  }

  return {
    /**
     * Shares with addresses (kept, deduplicated) and answers the signed link. A live link is kept
     * and its lifetime set to the days chosen; otherwise a new link is made (docs "Share links").
     * Each address of this request gets a mail with the link, in the sharer's language.
     */
    async share(
      user: UserRow,
      id: number,
      emails: string[],
      days: number,
    ): Promise<{ usage: AudienceUsage; signature: string; expires_at: string }> {
      const row = await own(user, id);
      if (row.deletedAt) throw new NotFound();
      const sharedWith = [...new Set([...row.sharedWith, ...emails.map((e) => e.toLowerCase())])].slice(
        0,
        100,
      );
      await repo.updateUsage(row.id, { sharedWith });
      let link = { shareNonce: row.shareNonce, shareExpiresAt: row.shareExpiresAt };
      if (liveLink(row)) {
        link.shareExpiresAt = new Date(clock.now().getTime() + days * DAY_MS);
        await repo.updateUsage(row.id, { shareExpiresAt: link.shareExpiresAt });
      } else link = await newLink(row, days);
      const next = { ...row, sharedWith, ...link };
      const signature = sign(row.id, link.shareNonce!);
      const url = `${siteUrl}/shared-usage/${usageLinkCode(row.id, signature)}`;
      for (const to of new Set(emails.map((e) => e.toLowerCase())))
        await deps.sendMail?.(
          usageShareMail({
            to,
            language: user.language,
            sharerName: sharerName(user),
            adAccountId: row.adAccountId,
            url,
            until: mailDay(link.shareExpiresAt!, user.language),
          }),
        );
      return { usage: present(next), signature, expires_at: link.shareExpiresAt!.toISOString() };
    },

    /** Rotate: a new link for the days chosen; the old one answers 404 from now on. */
    async rotateLink(
      user: UserRow,
      id: number,
      days: number,
    ): Promise<{ signature: string; expires_at: string }> {
      const row = await own(user, id);
      if (row.deletedAt) throw new NotFound();
      const link = await newLink(row, days);
      return { signature: sign(row.id, link.shareNonce), expires_at: link.shareExpiresAt.toISOString() };
    },

    /** Revoke: the link dies; sharing again makes a new one. */
    async revokeLink(user: UserRow, id: number): Promise<void> {
      const row = await own(user, id);
      await repo.updateUsage(row.id, { shareNonce: null, shareExpiresAt: null });
    },

    /** Usages shared with the caller's address; each shows the caller's address, not the others'. */
    async sharedWith(user: UserRow): Promise<AudienceUsage[]> {
      const email = user.email.toLowerCase();
      return (await repo.usagesSharedWith(email)).map((row) => presentShared(row, email));
    },

    /**
     * verify_signed: the usage behind a signed link, without its recipients. 404 when the
     * signature is not the current link's (never was, rotated, revoked, usage deleted); 410 when it
     * is but the link has expired.
     */
    async verifySigned(id: number, signature: string): Promise<AudienceUsage> {
      const row = await repo.getUsage(id);
      if (
        !row ||
        row.deletedAt ||
        row.shareNonce === null ||
        !safeEqual(signature, sign(row.id, row.shareNonce))
      )
        throw new NotFound(SHARE_LINK_NOT_VALID);
      if (!liveLink(row)) throw new Gone(SHARE_LINK_EXPIRED);
      return presentShared(row);
    },
  };
}
