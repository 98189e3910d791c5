import { eq } from 'drizzle-orm';
import type { ListShareLink, SharedList } from '@murmur/core/api';
import type { Db } from '../../db/database';
import { audienceConfigs, listShareLinks, type UserRow } from '../../db/schema';
import { Gone, NotFound } from '../../errors';
import type { Clock } from '../../lib/clock';
import { hmac, randomKey, safeEqual } from '../../lib/crypto';
import type { FindConfig } from './share.service';

const DAY_MS = 86_400_000;
/** docs/API-AUDIENCES.md "Share links": what a dead link answers (the same words as a usage's). */
export const LIST_LINK_NOT_VALID = 'This share link is not valid: it was replaced by a new one or revoked.';
export const LIST_LINK_EXPIRED = 'This share link has expired. Ask the person who shared it for a new one.';

export type ListShareLinks = ReturnType<typeof createListShareLinks>;

/**
 * A list's share link, the one "share by mail" sends (docs/API-AUDIENCES.md "Share
 * links"): `/shared/<list id>.<signature>`, the signature an HMAC of the list and its current
 * nonce. Rotating (a new nonce) kills the old link at once, revoking (no nonce) for good; it works
 * 7, 30 or 90 days. Whoever may read the list manages its link; anyone else gets 404.
 */
export function createListShareLinks(deps: {
  db: Db;
  secret: string;
  clock: Clock;
  siteUrl: string;
  findConfig: FindConfig;
}) {
  const { db, secret, clock, siteUrl, findConfig } = deps;
  const sign = (id: number, nonce: string) => hmac(secret, `list-share:${id}:${nonce}`).slice(0, 32);
  const urlOf = (id: number, nonce: string) => `${siteUrl}/shared/${id}.${sign(id, nonce)}`;
  const row = async (id: number) =>
    (await db.select().from(listShareLinks).where(eq(listShareLinks.audienceConfigId, id)))[0];
  const live = (link: { expiresAt: Date } | undefined) => link !== undefined && link.expiresAt > clock.now();
  const present = (id: number, link: { nonce: string; expiresAt: Date } | undefined): ListShareLink =>
    link && live(link)
      ? { url: urlOf(id, link.nonce), expires_at: link.expiresAt.toISOString() }
      : { url: null, expires_at: null };

  async function newLink(id: number, days: number) {
    const values = {
      audienceConfigId: id,
      nonce: randomKey(16),
      expiresAt: new Date(clock.now().getTime() + days * DAY_MS),
      created: clock.now(),
    };
    await db
      .insert(listShareLinks)
      .values(values)
      .onConflictDoUpdate({
        target: listShareLinks.audienceConfigId,
        set: { nonce: values.nonce, expiresAt: values.expiresAt, created: values.created },
      });
    return values;
  }

  return {
    /** The list's live link, or a new one for `days` days: the URL "share by mail" sends. */
    async linkToMail(listId: number, days: number): Promise<string> {
      const link = await row(listId);
      return urlOf(listId, live(link) ? link!.nonce : (await newLink(listId, days)).nonce);
    },

    async get(user: UserRow, listId: number): Promise<ListShareLink> {
      const config = await findConfig(user, listId);
      return present(config.id, await row(config.id));
    },

    /** A new link for the days chosen; the old one answers 404 from now on. */
    async rotate(user: UserRow, listId: number, days: number): Promise<ListShareLink> {
      const config = await findConfig(user, listId);
      return present(config.id, await newLink(config.id, days));
    },

    /** Revoke: no link works until the list is shared again (or a new link is made). */
    async revoke(user: UserRow, listId: number): Promise<void> {
      const config = await findConfig(user, listId);
      await db.delete(listShareLinks).where(eq(listShareLinks.audienceConfigId, config.id));
    },

    /** What a link opens: 404 when it is not the list's current link, 410 when that link has expired. */
    async open(token: string): Promise<SharedList> {
      const [idText = '', signature = ''] = token.split('.');
      const id = Number(idText);
      const link = Number.isSafeInteger(id) && id <= 2_147_483_647 ? await row(id) : undefined;
      if (!link || !safeEqual(signature, sign(id, link.nonce))) throw new NotFound(LIST_LINK_NOT_VALID);
      if (!live(link)) throw new Gone(LIST_LINK_EXPIRED);
      const [list] = await db
        .select({
          name: audienceConfigs.name,
          kind: audienceConfigs.kind,
          pkg: audienceConfigs.targetingPackage,
        })
        .from(audienceConfigs)
        .where(eq(audienceConfigs.id, id));
      if (!list) throw new NotFound(LIST_LINK_NOT_VALID);
      return { name: list.name, kind: list.kind, targeting_package: list.pkg };
    },
  };
}
