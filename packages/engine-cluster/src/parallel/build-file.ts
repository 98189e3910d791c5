import { buildIndex, type AudienceIndex, type BuildOptions, type ExportSource } from '@murmur/engine/ingest';
import { buildIndexInParallel } from './build-parallel';
import { ExportFile } from './export-file';

/**
 * Builds the audience index from an export source: an `ExportFile` (exportFile) is parsed by its
 * worker threads in byte ranges (build-parallel.ts), any other source — or a file with no threads,
 * or options that need the per-record hook only a sequential read gives (`onRecordTerms`) — is read
 * by the engine's own `buildIndex`. Both give the same index (build-parallel.test.ts).
 */
export async function buildIndexFromFile(
  source: ExportSource,
  options: BuildOptions = {},
): Promise<AudienceIndex> {
  if (source instanceof ExportFile && source.threads > 0 && !options.onRecordTerms) {
    return buildIndexInParallel(source, options);
  }
  return buildIndex(source, options);
}
