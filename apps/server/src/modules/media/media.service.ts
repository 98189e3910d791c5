import { randomBytes } from 'node:crypto';
import { and, desc, eq, lt, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import {
  MEDIA_MAX_BYTES,
  MEDIA_MAX_SIDE,
  MEDIA_MIN_SIDE,
  type AdMedia,
  type FileComplete,
  type FilePolicy,
} from '@murmur/core/api';
import type { Db } from '../../db/database';
import { presentAdMedia } from '../../lib/ad-media';
import { assertMayChange } from '../../lib/team-rule';
import { adMedia, fileUploads, memberships, type TeamRow, type UserRow } from '../../db/schema';
import { BadRequest, NotFound } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { MediaStorage } from '../../integrations/storage';

/** The team behind a reference, for its members (modules/teams). */
export interface TeamAccess {
  access(user: UserRow, teamRef: string): Promise<{ team: TeamRow; membership: { level: string } }>;
}

/** How long a signed upload policy stays valid. */
const POLICY_SECONDS = 15 * 60;
const THUMB_WIDTH = 320;
/** sharp's format names for the accepted types. */
const FORMAT_OF: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** A file name reduced to what keys allow ("Summer sale!.PNG" → "Summer_sale_.png"). */
const safeName = (name: string) =>
  (
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '') || 'file'
  )
    .slice(-100)
    .toLowerCase();

const presentMedia = (storage: MediaStorage, row: typeof adMedia.$inferSelect): AdMedia =>
  presentAdMedia(row, { url: storage.url(row.storageKey), thumbnail_url: storage.url(row.thumbnailKey) });

/** The user's level in the team, if a member. */
async function membershipOf(db: Db, userId: number, teamId: number) {
  const [row] = await db
    .select({ level: memberships.level })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.teamId, teamId)));
  return row;
}

export type MediaService = ReturnType<typeof createMediaService>;

/**
 * SPEC §7 File upload: the server signs a policy for one file (type and size declared), the browser
 * posts the file straight to the store, `complete` reads it back and checks it — type by content,
 * size, image dimensions — and makes a thumbnail; a bad file is removed with its record and answered
 * 400. The media library (ad media) is built from completed uploads.
 */
export function createMediaService(deps: { db: Db; storage: MediaStorage; teams: TeamAccess; clock: Clock }) {
  const { db, storage, teams, clock } = deps;

  const present = (row: typeof adMedia.$inferSelect) => presentMedia(storage, row);

  async function discard(key: string, reason: string): Promise<never> {
    await storage.remove(key).catch(() => undefined);
    await db.delete(fileUploads).where(eq(fileUploads.key, key));
    throw new BadRequest({ file: [reason] });
  }

  return {
    async policy(
      user: UserRow,
      input: { team: string; filename: string; content_type: string; size: number },
    ): Promise<FilePolicy> {
      const { team } = await teams.access(user, input.team);
      const key = `uploads/${randomBytes(18).toString('base64url')}/${safeName(input.filename)}`;
      const expires = new Date(clock.now().getTime() + POLICY_SECONDS * 1000);
      await db.insert(fileUploads).values({
        key,
        teamId: team.id,
        userId: user.id,
        filename: input.filename,
        mime: input.content_type,
        declaredSize: input.size,
        expires,
      });
      const policy = await storage.policy(key, input.content_type, MEDIA_MAX_BYTES, expires);
      return { ...policy, key, expires: expires.toISOString() };
    },

    async complete(user: UserRow, key: string): Promise<FileComplete> {
      const [upload] = await db.select().from(fileUploads).where(eq(fileUploads.key, key));
      if (!upload || upload.userId !== user.id) throw new NotFound();
      if (upload.completed && upload.thumbnailKey)
        return {
          key,
          mime: upload.mime as FileComplete['mime'],
          size: upload.size!,
          width: upload.width!,
          height: upload.height!,
          url: storage.url(key),
          thumbnail_url: storage.url(upload.thumbnailKey),
        };
      const body = await storage.read(key);
      if (!body) throw new BadRequest({ file: ['The file was not uploaded.'] });
      if (body.length === 0) return discard(key, 'The file is empty.');
      if (body.length > MEDIA_MAX_BYTES) return discard(key, 'The file is larger than 5 MB.');
      let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
      try {
        meta = await sharp(body).metadata();
      } catch {
        return discard(key, 'The file is not an image (PNG, JPEG, GIF or WebP).');
      }
      if (meta.format !== FORMAT_OF[upload.mime])
        return discard(key, `The file is not a ${upload.mime.replace('image/', '').toUpperCase()} image.`);
      const width = meta.width ?? 0;
      const height = meta.height ?? 0;
      if (width < MEDIA_MIN_SIDE || height < MEDIA_MIN_SIDE)
        return discard(key, `The image must be at least ${MEDIA_MIN_SIDE}×${MEDIA_MIN_SIDE} pixels.`);
      if (width > MEDIA_MAX_SIDE || height > MEDIA_MAX_SIDE)
        return discard(key, `The image must be at most ${MEDIA_MAX_SIDE}×${MEDIA_MAX_SIDE} pixels.`);
      const thumbnailKey = `thumbs/${key.split('/')[1]!}.jpg`;
      let thumb: Buffer;
      try {
        thumb = await sharp(body, { animated: false })
          .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 80 })
          .toBuffer();
      } catch {
        return discard(key, 'The image could not be read.');
      }
      await storage.write(thumbnailKey, thumb, 'image/jpeg');
      await db
        .update(fileUploads)
        .set({ completed: clock.now(), size: body.length, width, height, thumbnailKey })
        .where(eq(fileUploads.key, key));
      return {
        key,
        mime: upload.mime as FileComplete['mime'],
        size: body.length,
        width,
        height,
        url: storage.url(key),
        thumbnail_url: storage.url(thumbnailKey),
      };
    },

    async list(user: UserRow, teamRef: string): Promise<AdMedia[]> {
      const { team } = await teams.access(user, teamRef);
      const rows = await db
        .select()
        .from(adMedia)
        .where(eq(adMedia.teamId, team.id))
        .orderBy(desc(adMedia.created), desc(adMedia.id));
      return rows.map(present);
    },

    /** Adds a completed upload of the team to its media library. */
    async create(
      user: UserRow,
      input: { team: string; file: string; name?: string | undefined },
    ): Promise<AdMedia> {
      const { team } = await teams.access(user, input.team);
      const [upload] = await db.select().from(fileUploads).where(eq(fileUploads.key, input.file));
      if (!upload || upload.teamId !== team.id || upload.userId !== user.id)
        throw new BadRequest({ file: ['Unknown file.'] });
      if (!upload.completed || !upload.thumbnailKey)
        throw new BadRequest({ file: ['Complete the upload first.'] });
      const [row] = await db
        .insert(adMedia)
        .values({
          teamId: team.id,
          createdBy: user.id,
          name: input.name ?? upload.filename,
          storageKey: upload.key,
          thumbnailKey: upload.thumbnailKey,
          mime: upload.mime,
          size: upload.size!,
          width: upload.width!,
          height: upload.height!,
          created: clock.now(),
        })
        .returning();
      await db.delete(fileUploads).where(eq(fileUploads.key, upload.key));
      return present(row!);
    },

    /** Team admins and the uploader remove media; creatives showing it keep their text. */
    async remove(user: UserRow, id: number): Promise<void> {
      const [row] = await db.select().from(adMedia).where(eq(adMedia.id, id));
      const level = row && (await membershipOf(db, user.id, row.teamId));
      if (!row || !level) throw new NotFound();
      assertMayChange({ userId: user.id, level: level.level }, row.createdBy);
      await db.delete(adMedia).where(eq(adMedia.id, id));
      await storage.remove(row.storageKey).catch(() => undefined);
      await storage.remove(row.thumbnailKey).catch(() => undefined);
    },

    /** Uploads never completed or never added to the library, once their policy expired a day ago. */
    async sweep(): Promise<number> {
      const before = new Date(clock.now().getTime() - 86_400_000);
      const stale = await db
        .select({ key: fileUploads.key, thumb: fileUploads.thumbnailKey })
        .from(fileUploads)
        .where(and(lt(fileUploads.expires, before), isNull(fileUploads.completed)));
      for (const s of stale) {
        await storage.remove(s.key).catch(() => undefined);
        await db.delete(fileUploads).where(eq(fileUploads.key, s.key));
      }
      return stale.length;
    },
  };
}
