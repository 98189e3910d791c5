// The engine's reading of the sandbox bulk export, whose records are defined once in
// @murmur/core/export (written by apps/sandbox/src/export). The engine validates only the fields it
// needs (`AsRead`'s second argument): every other field may be missing and every other record type
// is ignored, so the export can grow, and a trimmed snapshot still loads.
import type * as Export from '@murmur/core/export';
import type { AsRead } from '@murmur/core/export';

export type ExportHeader = Omit<AsRead<Export.ExportHeader, 'format' | 'version'>, 'counts'> & {
  /** Totals announced by the exporter, used to size buffers up front. */
  counts?: Partial<Export.ExportHeader['counts']>;
};
export type AccountRecord = AsRead<Export.AccountRecord, 'type' | 'n'>;
export type FollowingRecord = AsRead<Export.FollowingRecord, 'type' | 'n' | 'to'>;
export type PostRecord = AsRead<Export.PostRecord, 'type' | 'n' | 'author'>;
export type Engagement = Export.Engagement;
export type CatalogueItem = Export.CatalogueItem;
/** A newer export may carry catalogue kinds this engine does not know; it keeps them by name. */
export type CatalogueRecord = Omit<Export.CatalogueRecord, 'kind'> & { kind: string };
export type EndRecord = Export.EndRecord;

export type ExportRecord = AccountRecord | FollowingRecord | PostRecord | CatalogueRecord | EndRecord;

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
type Loose = Record<string, unknown>;

/**
 * The record as one the engine understands; 'ignored' for types it does not use (lists, follow
 * history, anything newer), 'invalid' for known types lacking the fields it needs.
 */
export function asExportRecord(value: unknown): ExportRecord | 'ignored' | 'invalid' {
  if (typeof value !== 'object' || value === null) return 'invalid';
  const r = value as Loose;
  switch (r.type) {
    case 'account':
    case 'following':
      if (!isCount(r.n)) return 'invalid';
      if (r.type === 'following' && !Array.isArray(r.to)) return 'invalid';
      return r as unknown as ExportRecord;
    case 'post':
      return isCount(r.n) && isCount(r.author) ? (r as unknown as PostRecord) : 'invalid';
    case 'catalogue':
      return typeof r.kind === 'string' && Array.isArray(r.items)
        ? (r as unknown as CatalogueRecord)
        : 'invalid';
    case 'end':
      return isCount(r.records) ? (r as unknown as EndRecord) : 'invalid';
    default:
      return 'ignored';
  }
}
