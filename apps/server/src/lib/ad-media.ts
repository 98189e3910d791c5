import type { AdMedia } from '@murmur/core/api';
import type { adMedia } from '../db/schema';

/** A media library row as the API's AdMedia (SPEC §7), with the URLs its store gives the file and thumbnail. */
export const presentAdMedia = (
  row: typeof adMedia.$inferSelect,
  urls: Pick<AdMedia, 'url' | 'thumbnail_url'>,
): AdMedia => ({
  id: row.id,
  team: row.teamId,
  name: row.name,
  mime: row.mime as AdMedia['mime'],
  size: row.size,
  width: row.width,
  height: row.height,
  ...urls,
  date: row.created.toISOString(),
});
