// The engine's own view of the sandbox bulk export (apps/sandbox/src/export/records.ts, format
// "murmur-sandbox-export" v1). Only the fields the engine uses are typed; every other field and
// every other record type is ignored, so the export can grow without breaking the engine.

export interface ExportHeader {
  format: string;
  version: number;
  seed?: string;
  /** Account count announced by the exporter. */
  accounts?: number;
  /** Real accounts each sandbox account stands for. */
  scale?: number;
  now?: string;
  /** Totals announced by the exporter, used to size buffers up front. */
  counts?: { follows?: number; posts?: number };
}

export interface AccountRecord {
  type: 'account';
  n: number;
  id?: string;
  handle?: string;
  name?: string;
  bio?: string;
  country?: string | null;
  region?: string | null;
  city?: string | null;
  metro?: string | null;
  lang?: string | null;
  gender?: string | null;
  age?: string | null;
  job?: string | null;
  jobCategory?: string | null;
  verified?: boolean;
  protected?: boolean;
  followers?: number;
  following?: number;
  posts?: number;
  device?: string | null;
  operator?: string | null;
  interests?: string[];
  topics?: string[];
  movies?: string[];
  kind?: string | null;
}

export interface FollowingRecord {
  type: 'following';
  n: number;
  to: number[];
}

/** [account number, seconds after the post]. */
export type Engagement = [number, number];

export interface PostRecord {
  type: 'post';
  n: number;
  id?: string;
  author: number;
  at?: string;
  text?: string;
  hashtags?: string[];
  likes?: number;
  reposts?: number;
  replies?: number;
  likedBy?: Engagement[];
  repostedBy?: Engagement[];
}

export interface CatalogueItem {
  name: string;
  targeting_value: string;
  location_type?: string;
  country_code?: string;
}

export interface CatalogueRecord {
  type: 'catalogue';
  kind: string;
  items: CatalogueItem[];
}

export interface EndRecord {
  type: 'end';
  records: number;
}

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
