import type { AdMedia } from '@murmur/core/api';
import { request } from '@/lib/request';

/** POST /api/ad-media/ — the media library entry of a completed file. */
export const createMedia = (team: string, key: string, name: string): Promise<AdMedia> =>
  request.post('/api/ad-media/', { body: { team, file: key, name } });
