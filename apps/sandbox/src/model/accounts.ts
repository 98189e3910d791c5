import type { Csr } from './csr';

/** What an account is. Spam covers bots and fake/bought followers alike. */
export const AccountKind = { person: 0, creator: 1, brand: 2, media: 3, spam: 4 } as const;
export type AccountKind = (typeof AccountKind)[keyof typeof AccountKind];
export const ACCOUNT_KIND_NAMES = ['person', 'creator', 'brand', 'media', 'spam'] as const;

/** Bits of AccountTable.flags. */
export const AccountFlag = {
  verified: 1,
  protected: 2,
  defaultAvatar: 4,
  deleted: 8,
  suspended: 16,
  /**
   * Born after the anchor (simulate/births.ts): the export knows only what X's user object carries
   * (live contract rule 1) — inferred attributes null or empty, kind ''.
   */
  liveBorn: 32,
  /** A live-born account that has posted: its export `lang` is its posts' ('' before the first). */
  posted: 64,
} as const;

/** A deleted or suspended account: it has left the network (its record, follows, posts and engagements). */
export const GONE = AccountFlag.deleted | AccountFlag.suspended;
export const isGone = (accounts: AccountTable, i: number): boolean => (accounts.flags[i]! & GONE) !== 0;

export const Gender = { unknown: 0, male: 1, female: 2 } as const;
export const GENDER_NAMES = ['unknown', 'male', 'female'] as const;

/**
 * Inferred age bands. Their edges (13, 18, 21, 25, 35, 50, 55) are the edges of every age range in
 * SPEC §3 (13-24 … 35-54, over 50), so each targeting range is a union of these bands.
 */
export const AGE_BANDS = ['unknown', '13-17', '18-20', '21-24', '25-34', '35-49', '50-54', '55+'] as const;

/**
 * All accounts, one typed-array column per attribute, indexed by dense account number. Strings that
 * must be unique or searchable (handle, name) are stored; free text (bio, location) is derived from
 * `seed` on demand by the text module.
 */
export interface AccountTable {
  count: number;
  /** X-like numeric ids, increasing with creation time. */
  ids: BigUint64Array;
  handles: string[];
  names: string[];
  /** Unix seconds. */
  created: Uint32Array;
  kind: Uint8Array;
  flags: Uint8Array;
  country: Uint8Array;
  region: Uint16Array;
  city: Uint16Array;
  language: Uint8Array;
  gender: Uint8Array;
  ageBand: Uint8Array;
  /** Index in JOB_TITLES or NO_JOB. */
  job: Uint16Array;
  platform: Uint8Array;
  /** Index in NETWORK_OPERATORS or NO_OPERATOR (desktop users, countries without data). */
  operator: Uint16Array;
  community: Uint16Array;
  /** Attractiveness in the follow model (Pareto distributed). */
  fitness: Float32Array;
  /** Expected original posts per day. */
  activity: Float32Array;
  /** Posts made before the simulated window, so counts look like a real profile's. */
  priorPosts: Uint32Array;
  seed: Uint32Array;
  /** Profile edits so far (0 at generation): the bio is drawn again from the seed for each edit. */
  revision: Uint8Array;
  /**
   * How the profile's location text is written (catalogue/location-text.ts): 0 = the generated free
   * text, 1 = its region's catalogue name, 2 = its city's catalogue name. A location edit sets 1 or 2.
   */
  locationMode: Uint8Array;
  interests: Csr<Uint16Array>;
  topics: Csr<Uint16Array>;
  movies: Csr<Uint16Array>;
}

export const isSpam = (accounts: AccountTable, i: number): boolean => accounts.kind[i] === AccountKind.spam;
