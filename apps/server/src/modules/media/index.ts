import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { createMediaService, type TeamAccess } from './media.service';
import { mediaRoutes } from './media.routes';
import { diskStorage, s3Storage, type MediaStorage } from '../../integrations/storage';

/** Uploads left incomplete are swept every hour. */
const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * SPEC §7 File upload and the media library: files on an S3-compatible store when S3_BUCKET is set,
 * else on local disk under DATA_DIR/media (received and served by this server).
 */
export function createMediaModule(deps: { db: Db; config: Config; clock: Clock; teamsService: TeamAccess }) {
  const { config } = deps;
  const disk = config.s3
    ? undefined
    : diskStorage({
        root: join(config.dataDir, 'media'),
        publicUrl: config.publicUrl,
        secret: config.sessionSecret,
      });
  const storage: MediaStorage = config.s3 ? s3Storage(config.s3) : disk!;
  const mediaService = createMediaService({
    db: deps.db,
    storage,
    teams: deps.teamsService,
    clock: deps.clock,
  });
  return {
    mediaService,
    storage,
    /** Public URLs of a library item's file and thumbnail (campaigns show and publish them). */
    urls: (row: { storageKey: string; thumbnailKey: string }) => ({
      url: storage.url(row.storageKey),
      thumbnail_url: storage.url(row.thumbnailKey),
    }),
    async registerRoutes(app: FastifyInstance) {
      await app.register(mediaRoutes, { mediaService, storage, disk });
      let timer: NodeJS.Timeout | undefined;
      app.addHook('onReady', (done) => {
        if (config.env !== 'test') {
          timer = setInterval(() => {
            mediaService.sweep().catch((err: unknown) => app.log.warn({ err }, 'media sweep failed'));
          }, SWEEP_EVERY_MS);
          timer.unref();
        }
        done();
      });
      app.addHook('onClose', (_app, done) => {
        if (timer) clearInterval(timer);
        done();
      });
    },
  };
}
