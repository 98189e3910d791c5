import { ExportFormatError } from '../errors';
import { EXPORT_FORMAT } from '@murmur/core/export';
import type { ExportHeader } from './records';

export { EXPORT_FORMAT };
export const SUPPORTED_VERSIONS: readonly number[] = [1];

/** Checks the export's first record: the sandbox's format name and a version this engine reads. */
export function readHeader(value: unknown): ExportHeader {
  const header = (typeof value === 'object' && value !== null ? value : {}) as Partial<ExportHeader>;
  if (header.format !== EXPORT_FORMAT) {
    const got = header.format === undefined ? 'no format name' : `format ${JSON.stringify(header.format)}`;
    throw new ExportFormatError(
      `Not a Murmur sandbox export: the first line has ${got}, expected "${EXPORT_FORMAT}".`,
    );
  }
  if (typeof header.version !== 'number' || !SUPPORTED_VERSIONS.includes(header.version)) {
    throw new ExportFormatError(
      `Unsupported export version ${String(header.version)}: this engine reads versions ${SUPPORTED_VERSIONS.join(', ')}.`,
    );
  }
  return header as ExportHeader;
}
