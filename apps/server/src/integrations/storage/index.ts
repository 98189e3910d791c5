import { createHmac } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { S3Config } from '../../config';
import { safeEqual } from '../../lib/crypto';

/** Where the browser posts a file (a multipart form: `fields`, then `file`). */
export interface UploadPolicy {
  url: string;
  fields: Record<string, string>;
}

/** Files of the media library: uploaded by the browser straight to the store, read back to check. */
export interface MediaStorage {
  readonly kind: 'disk' | 's3';
  policy(key: string, contentType: string, maxBytes: number, expires: Date): Promise<UploadPolicy>;
  read(key: string): Promise<Buffer | undefined>;
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** The public URL of a stored file. */
  url(key: string): string;
}

/** Keys are ours: `uploads/<random>/<name>` and `thumbs/<random>.jpg`, nothing else. */
export const KEY_PATTERN =
  /^(uploads\/[A-Za-z0-9_-]{16,64}\/[A-Za-z0-9._-]{1,120}|thumbs\/[A-Za-z0-9_-]{16,64}\.jpg)$/;

/** The fields a disk upload carries, signed so nobody can write another key, type or size. */
export function diskSignature(
  secret: string,
  key: string,
  contentType: string,
  maxBytes: number,
  expires: number,
): string {
  return createHmac('sha256', secret)
    .update(`media-upload\n${key}\n${contentType}\n${maxBytes}\n${expires}`)
    .digest('base64url');
}

/**
 * Local disk under DATA_DIR/media: the policy points at the server's own upload route, which checks
 * the signed fields; files are served back under /api/media/files/.
 */
export function diskStorage(options: { root: string; publicUrl: string; secret: string }): MediaStorage & {
  verify(fields: Record<string, string>): { key: string; contentType: string; maxBytes: number } | undefined;
} {
  const root = resolve(options.root);
  const pathOf = (key: string): string => {
    if (!KEY_PATTERN.test(key)) throw new Error(`bad media key ${key}`);
    const path = resolve(join(root, key));
    if (!path.startsWith(root + sep)) throw new Error(`bad media key ${key}`);
    return path;
  };
  return {
    kind: 'disk',
    policy(key, contentType, maxBytes, expires) {
      const at = Math.floor(expires.getTime() / 1000);
      return Promise.resolve({
        url: `${options.publicUrl}/api/media/upload/`,
        fields: {
          key,
          'Content-Type': contentType,
          'x-max-bytes': String(maxBytes),
          'x-expires': String(at),
          'x-signature': diskSignature(options.secret, key, contentType, maxBytes, at),
        },
      });
    },
    verify(fields) {
      const key = fields.key ?? '';
      const contentType = fields['Content-Type'] ?? '';
      const maxBytes = Number(fields['x-max-bytes']);
      const at = Number(fields['x-expires']);
      if (!KEY_PATTERN.test(key) || !Number.isInteger(maxBytes) || !Number.isInteger(at)) return undefined;
      if (at * 1000 < Date.now()) return undefined;
      const expected = diskSignature(options.secret, key, contentType, maxBytes, at);
      return safeEqual(expected, fields['x-signature'] ?? '') ? { key, contentType, maxBytes } : undefined;
    },
    async read(key) {
      try {
        return await readFile(pathOf(key));
      } catch {
        return undefined;
      }
    },
    async write(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body);
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
      if (key.startsWith('uploads/')) await rm(dirname(pathOf(key)), { recursive: true, force: true });
    },
    url: (key) => `${options.publicUrl}/api/media/files/${key}`,
  };
}

/** Any S3-compatible store (S3_*): presigned POST policies, the SDK for reading back and thumbnails. */
export function s3Storage(config: S3Config): MediaStorage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint && { endpoint: config.endpoint }),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId &&
      config.secretAccessKey && {
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      }),
  });
  const Bucket = config.bucket;
  const base =
    config.publicUrl ??
    (config.endpoint
      ? `${config.endpoint.replace(/\/+$/, '')}/${Bucket}`
      : `https://${Bucket}.s3.${config.region}.amazonaws.com`);
  return {
    kind: 's3',
    async policy(key, contentType, maxBytes, expires) {
      const post = await createPresignedPost(client, {
        Bucket,
        Key: key,
        Conditions: [
          ['content-length-range', 1, maxBytes],
          ['eq', '$Content-Type', contentType],
        ],
        Fields: { 'Content-Type': contentType },
        Expires: Math.max(1, Math.round((expires.getTime() - Date.now()) / 1000)),
      });
      return { url: post.url, fields: post.fields };
    },
    async read(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const bytes = await answer.Body?.transformToByteArray();
        return bytes ? Buffer.from(bytes) : undefined;
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === 'NoSuchKey' || name === 'NotFound') return undefined;
        throw error;
      }
    },
    async write(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    url: (key) => `${base}/${key}`,
  };
}
