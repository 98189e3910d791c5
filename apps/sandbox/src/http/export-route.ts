import type { FastifyInstance } from 'fastify';
import { EXPORT_FORMAT, EXPORT_VERSION, exportStream } from '../export/ndjson-export';
import type { Network } from '../network';

/**
 * GET /export: the whole network as versioned NDJSON, streamed (the firehose the audience engine
 * indexes). The same seed and size give byte-identical bodies, so the ETag is stable too.
 */
export function registerExportRoute(app: FastifyInstance, network: Network): void {
  app.get('/export', async (_request, reply) => {
    const { seed, accounts } = network.config;
    return reply
      .header('content-type', 'application/x-ndjson; charset=utf-8')
      .header('x-export-format', `${EXPORT_FORMAT}/${EXPORT_VERSION}`)
      .header('etag', `"${EXPORT_VERSION}-${encodeURIComponent(seed)}-${accounts}-${network.clock.tick}"`)
      .send(exportStream(network));
  });
}
