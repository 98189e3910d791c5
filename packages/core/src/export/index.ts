/**
 * The sandbox's bulk export ("murmur-sandbox-export", NDJSON, one record per line): the one
 * definition of its records. The sandbox writes them (apps/sandbox/src/export), the engine reads
 * them (packages/engine/src/parse), the server sizes its loading progress from the header.
 * Field meanings and measured sizes: apps/sandbox/README.md "Export".
 */

export const EXPORT_FORMAT = 'murmur-sandbox-export';
/** The version the sandbox writes; readers list the versions they read. */
export const EXPORT_VERSION = 1;

/** Catalogue kinds the export carries, in export order (X Ads API v12 targeting_criteria kinds). */
export const CATALOGUE_KINDS = [
  'interests',
  'conversations',
  'movies_and_tv_shows',
  'languages',
  'network_operators',
  'locations',
  'platforms',
] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

/** The first line. */
export interface ExportHeader {
  format: typeof EXPORT_FORMAT;
  version: number;
  seed: string;
  /** Account count. */
  accounts: number;
  /** Real accounts each sandbox account stands for. */
  scale: number;
  /** Simulated start and current time (ISO 8601). */
  start: string;
  now: string;
  /** Totals, so that a reader can size buffers and report progress up front. */
  counts: { follows: number; posts: number; lists: number; followEvents: number };
}

/** One targeting criterion in X's shape; some kinds carry more fields (conversation_type, …). */
export interface CatalogueItem {
  name: string;
  targeting_value: string;
  location_type?: string;
  country_code?: string;
  [field: string]: string | boolean | undefined;
}

export interface CatalogueRecord {
  type: 'catalogue';
  kind: CatalogueKind;
  items: readonly CatalogueItem[];
}

/** The sandbox's stand-in for a profile picture: X's default egg, or initials on a colour. */
export type AccountAvatar =
  | { kind: 'default' }
  | {
      kind: 'initials';
      initials: string;
      background: string;
      foreground: string;
      shape: 'circle' | 'square';
    };

/** One account with every attribute; `n` is its account number, which other records refer to. */
export interface AccountRecord {
  type: 'account';
  n: number;
  id: string;
  handle: string;
  name: string;
  bio: string;
  location: string;
  country: string;
  region: string;
  city: string;
  metro: string | null;
  lang: string;
  gender: string | null;
  age: string | null;
  /** Job title key and its category, null for accounts without a job. */
  job: string | null;
  jobCategory: string | null;
  created: string;
  verified: boolean;
  protected: boolean;
  followers: number;
  following: number;
  posts: number;
  device: string;
  operator: string | null;
  /** Catalogue targeting values. */
  interests: string[];
  topics: string[];
  movies: string[];
  avatar: AccountAvatar;
  community: number;
  /** Sandbox ground truth (X does not publish it): person, creator, brand, media or spam. */
  kind: string;
}

/** The accounts account `n` follows (only for accounts that follow someone). */
export interface FollowingRecord {
  type: 'following';
  n: number;
  to: number[];
}

export interface ListRecord {
  type: 'list';
  n: number;
  id: string;
  owner: number;
  name: string;
  description: string;
  private: boolean;
  created: string;
  members: number[];
}

/** [account number, seconds after the post]. */
export type Engagement = [account: number, afterSeconds: number];

export interface PostRecord {
  type: 'post';
  n: number;
  id: string;
  author: number;
  at: string;
  lang: string;
  text: string;
  hashtags: string[];
  /** Account numbers mentioned. */
  mentions: number[];
  /** Post number replied to, or null. */
  replyTo: number | null;
  likes: number;
  reposts: number;
  replies: number;
  likedBy: Engagement[];
  repostedBy: Engagement[];
  repliedBy: Engagement[];
}

/** Follow history; `at` is in unix seconds. */
export interface FollowEventRecord {
  type: 'follow' | 'unfollow';
  at: number;
  from: number;
  to: number;
}

/** The last line: how many lines came before it, itself included. */
export interface EndRecord {
  type: 'end';
  records: number;
}

export type ExportRecord =
  CatalogueRecord | AccountRecord | FollowingRecord | ListRecord | PostRecord | FollowEventRecord | EndRecord;

/**
 * A record as a reader may meet it: the fields that identify it (`K`) are there, every other may
 * be missing (an older or trimmed export, a snapshot from elsewhere). Readers validate `K`.
 */
export type AsRead<R, K extends keyof R> = Pick<R, K> & Partial<Omit<R, K>>;

/**
 * At most how many records an export with this header holds (accounts and following records, lists,
 * posts, follow events; the few header, catalogue and end lines aside): a reader's progress total.
 */
export const announcedRecords = (header: Pick<ExportHeader, 'accounts' | 'counts'>): number =>
  header.accounts * 2 + header.counts.posts + header.counts.lists + header.counts.followEvents;
