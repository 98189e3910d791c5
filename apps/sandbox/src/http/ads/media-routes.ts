import type { FastifyInstance } from 'fastify';
import { InvalidInput } from '../../ads/invalid-input';
import type { MediaItem } from '../../ads/types';
import { combine, hashString } from '../../random/hash';
import { ownedAccount } from './auth';
import type { AdsContext } from './context';
import { notFound } from './errors';
import { one, page } from './envelope';
import { iso, oneOf, paramsOf, str, type Params } from './params';

const MEDIA_TYPES = ['IMAGE', 'GIF', 'VIDEO'] as const;
const CATEGORIES = ['TWEET_IMAGE', 'TWEET_GIF', 'TWEET_VIDEO', 'AMPLIFY_VIDEO'] as const;
/** X's media_key prefixes: 3 image, 7 video, 13 amplify video, 16 animated GIF. */
const TYPE_BY_PREFIX: Readonly<Record<string, MediaItem['mediaType']>> = {
  '3': 'IMAGE',
  '7': 'VIDEO',
  '13': 'VIDEO',
  '16': 'GIF',
};
const PREFIX_BY_CATEGORY: Readonly<Record<string, string>> = {
  TWEET_IMAGE: '3',
  TWEET_VIDEO: '7',
  AMPLIFY_VIDEO: '13',
  TWEET_GIF: '16',
};

const wire = (m: MediaItem): object => ({
  media_key: m.id,
  media_url: m.mediaUrl,
  media_type: m.mediaType,
  media_category: m.mediaCategory,
  media_status: 'TRANSCODE_COMPLETED',
  name: m.name,
  description: m.description,
  title: m.title,
  file_name: m.fileName,
  tweeted: false,
  duration: null,
  poster_media_url: null,
  aspect_ratio: null,
  created_at: iso(m.createdAt),
  updated_at: iso(m.updatedAt),
  deleted: m.deleted,
});

const text = (params: Params, name: string): string | null => str(params, name, { max: 255 }) ?? null;

/**
 * X registers media uploaded through media/upload by its media_key; the sandbox also accepts a
 * `media_url` alone and mints a key for it, so fixtures need no upload step.
 */
function keyAndUrl(params: Params, category: string | undefined, seed: string): { key: string; url: string } {
  const key = str(params, 'media_key');
  const url = str(params, 'media_url', { max: 2048 });
  if (url !== undefined && !/^https?:\/\/\S+$/.test(url))
    throw new InvalidInput('media_url must be an http(s) URL', 'media_url');
  if (key !== undefined) {
    if (!/^(3|7|13|16)_\d{1,20}$/.test(key)) throw new InvalidInput('Invalid media_key', 'media_key');
    return { key, url: url ?? `https://media.sandbox.example/${key}` };
  }
  if (url === undefined)
    throw new InvalidInput('"media_key" is a required parameter', 'media_key', 'MISSING_PARAMETER');
  const n =
    BigInt(combine(hashString(seed), hashString(url))) * 4_294_967_296n + BigInt(hashString(`${url}#`));
  return { key: `${PREFIX_BY_CATEGORY[category ?? 'TWEET_IMAGE']}_${n}`, url };
}

export function registerMediaRoutes(app: FastifyInstance, ctx: AdsContext): void {
  const { store, network } = ctx.platform;
  const base = '/accounts/:account_id/media_library';
  const find = (accountId: string, key: unknown): MediaItem => {
    const item = store.media.get(accountId, String(key));
    if (!item || item.deleted) throw notFound('media');
    return item;
  };

  app.get(base, (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const type = oneOf(params, 'media_type', MEDIA_TYPES);
    const q = str(params, 'q')?.toLowerCase();
    const items = store.media
      .list(account.id)
      .filter((m) => !m.deleted && (!type || m.mediaType === type))
      .filter((m) => !q || [m.name, m.title, m.fileName].some((t) => t?.toLowerCase().includes(q)));
    return page(request, items, wire, { defaultCount: 20, maxCount: 50 });
  });

  app.get(`${base}/:media_key`, (request) => {
    const account = ownedAccount(ctx, request);
    return one(request, wire(find(account.id, paramsOf(request).media_key)));
  });

  app.post(base, (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const category = oneOf(params, 'media_category', CATEGORIES);
    const { key, url } = keyAndUrl(params, category, network.config.seed);
    if (store.media.get(account.id, key)?.deleted === false)
      throw new InvalidInput('This media is already in the media library', 'media_key');
    const type = TYPE_BY_PREFIX[key.split('_')[0]!]!;
    const now = ctx.platform.now();
    const item = store.media.add({
      id: key,
      accountId: account.id,
      mediaUrl: url,
      mediaType: type,
      mediaCategory: category ?? { IMAGE: 'TWEET_IMAGE', GIF: 'TWEET_GIF', VIDEO: 'TWEET_VIDEO' }[type],
      name: text(params, 'name'),
      description: text(params, 'description'),
      title: text(params, 'title'),
      fileName: text(params, 'file_name'),
      createdAt: now,
      updatedAt: now,
      deleted: false,
    });
    return one(request, wire(item));
  });

  app.put(`${base}/:media_key`, (request) => {
    const account = ownedAccount(ctx, request);
    const params = paramsOf(request);
    const item = find(account.id, params.media_key);
    for (const [field, name] of [
      ['name', 'name'],
      ['description', 'description'],
      ['title', 'title'],
      ['fileName', 'file_name'],
    ] as const)
      if (params[name] !== undefined) item[field] = text(params, name);
    item.updatedAt = ctx.platform.now();
    return one(request, wire(item));
  });

  app.delete(`${base}/:media_key`, (request) => {
    const account = ownedAccount(ctx, request);
    const item = find(account.id, paramsOf(request).media_key);
    item.deleted = true;
    item.updatedAt = ctx.platform.now();
    return one(request, wire(item));
  });
}
