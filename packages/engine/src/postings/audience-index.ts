import type { AccountSet } from '../bits/account-set';
import type { ExportHeader } from '../parse/records';
import type { StringSource } from '../util/string-column';
import type { Catalogue } from './catalogue';
import type { Csr } from './csr';
import type { CategoricalField } from './fields';
import type { HandleIndex } from './handle-index';
import type { PostingStore } from './posting-store';
import type { TermTable } from './term-table';

/** Bits of AccountColumns.flags. */
export const AccountFlag = { verified: 1, protected: 2 } as const;

/** Per-account values, one typed array per attribute, indexed by account number. */
export interface AccountColumns {
  followers: Uint32Array;
  following: Uint32Array;
  posts: Uint32Array;
  flags: Uint8Array;
  /** Slot in the string columns, plus one (0: no account record). */
  slot: Uint32Array;
  /**
   * What the insights' hash samples test for each account: a hash of its X id, the same in every
   * index holding the account whatever number it has there (postings/sample-key.ts); an account
   * without a record keys by its number.
   */
  sampleKey: Uint32Array;
  ids: StringSource;
  handles: StringSource;
  names: StringSource;
  bios: StringSource;
}

/** Per-post values, indexed by post number. Text is kept only for posts listed in `kept`. */
export interface PostColumns {
  count: number;
  author: Uint32Array;
  likes: Uint32Array;
  reposts: Uint32Array;
  replies: Uint32Array;
  /** Posts with any engagement, most engaged first (likes + reposts + replies). */
  byEngagement: Uint32Array;
  /** Post numbers whose id, time and text are kept, ascending; slot k of the columns below. */
  kept: Uint32Array;
  ids: StringSource;
  at: StringSource;
  text: StringSource;
}

export interface IndexStats {
  records: number;
  accounts: number;
  follows: number;
  posts: number;
  likes: number;
  reposts: number;
  terms: number;
  /** Records the engine does not use (lists, follow history, unknown types). */
  ignoredRecords: number;
  /** Known record types missing required fields. */
  invalidRecords: number;
  /** Whether the export's trailer was seen. */
  complete: boolean;
  buildMs: number;
  /** Approximate bytes of the typed arrays held (strings excluded). */
  bytes: number;
}

/**
 * The in-memory audience index (ARCHITECTURE §3). Read-only once built, except for the custom
 * audiences registered on it. Account numbers are the export's `n`; `size` is their range and
 * `population` the number of accounts that had a record.
 */
export interface AudienceIndex {
  readonly header: ExportHeader;
  /** Real accounts each indexed account stands for (ARCHITECTURE §2). */
  readonly scale: number;
  readonly size: number;
  readonly population: number;
  /** Bitset of the accounts that had a record: "everyone". */
  readonly present: Uint32Array;
  readonly terms: TermTable;
  readonly postings: PostingStore;
  /** Term id + 1 of each account's value per single-valued field (0: none). */
  readonly columns: Readonly<Record<CategoricalField, Uint32Array>>;
  /** Interests, conversation topics, movies/TV and bio words of each account. */
  readonly profileTerms: Csr;
  /** Distinct post words and hashtags of each account's posts. */
  readonly postTerms: Csr;
  readonly following: Csr;
  /** Followers of each account (the inverse of `following`), as postings keyed by account. */
  readonly followers: PostingStore;
  readonly accounts: AccountColumns;
  readonly handles: HandleIndex;
  readonly posts: PostColumns;
  readonly postsByAuthor: Csr;
  readonly likesByActor: Csr;
  readonly repostsByActor: Csr;
  /** Each post's own terms, kept only when built with `keepPostTerms` (the live index needs them). */
  readonly postTermRows?: Csr;
  readonly catalogue: Catalogue;
  readonly customAudiences: Map<string, AccountSet>;
  readonly stats: IndexStats;
}
