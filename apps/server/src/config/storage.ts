import { optional, url } from './env';

export const storageEnv = {
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ENDPOINT: url('S3_ENDPOINT'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_PUBLIC_URL: url('S3_PUBLIC_URL'),
  S3_FORCE_PATH_STYLE: optional,
};

/**
 * An S3-compatible store for the media library (S3_BUCKET and the other S3_* variables); without
 * S3_BUCKET files are kept on local disk under DATA_DIR/media.
 */
export interface S3Config {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, R2, s3rver…); AWS itself when absent. */
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Where stored files are read publicly (a CDN); the endpoint's bucket URL otherwise. */
  publicUrl: string | undefined;
  forcePathStyle: boolean;
}

export function s3Config(e: {
  S3_BUCKET?: string | undefined;
  S3_REGION?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_PUBLIC_URL?: string | undefined;
  S3_FORCE_PATH_STYLE?: string | undefined;
}): S3Config | undefined {
  return e.S3_BUCKET
    ? {
        bucket: e.S3_BUCKET,
        region: e.S3_REGION ?? 'us-east-1',
        endpoint: e.S3_ENDPOINT,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
        forcePathStyle:
          e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1' || e.S3_ENDPOINT !== undefined,
      }
    : undefined;
}
