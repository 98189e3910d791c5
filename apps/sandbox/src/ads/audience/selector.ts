import { CONVERSATION_TOPICS } from '@murmur/core/x-catalogue';
import { INTEREST_CATEGORIES } from '@murmur/core/x-catalogue';
import { INTERESTS } from '@murmur/core/x-catalogue';
import { JOB_TITLES, NO_JOB } from '@murmur/core/x-catalogue';
import { LANGUAGE_CODES } from '@murmur/core/x-catalogue';
import { MOVIES_TV_SHOWS } from '@murmur/core/x-catalogue';
import type { AccountTable } from '../../model/accounts';

const CATEGORY_OF = Uint8Array.from(INTERESTS, (i) => i.category);
export const CATEGORY_COUNT = INTEREST_CATEGORIES.length;

/**
 * A union of "primary" conditions over accounts, as flags over catalogues: matching any interest,
 * topic, title or job flagged here, any category word flagged for the account's own language, or
 * any account marked directly (followers of a handle, custom audience members) makes an account match.
 */
export interface Selector {
  interests: Uint8Array;
  topics: Uint8Array;
  movies: Uint8Array;
  jobs: Uint8Array;
  /** language × category: the account writes about this category with a word that matched. */
  languageCategories: Uint8Array;
  /** Per account, or null when nothing is marked directly. */
  marks: Uint8Array | null;
  empty: boolean;
}

export function emptySelector(): Selector {
  return {
    interests: new Uint8Array(INTERESTS.length),
    topics: new Uint8Array(CONVERSATION_TOPICS.length),
    movies: new Uint8Array(MOVIES_TV_SHOWS.length),
    jobs: new Uint8Array(JOB_TITLES.length),
    languageCategories: new Uint8Array(LANGUAGE_CODES.length * CATEGORY_COUNT),
    marks: null,
    empty: true,
  };
}

export function mark(selector: Selector, accountCount: number, accounts: Iterable<number>): void {
  selector.marks ??= new Uint8Array(accountCount);
  for (const account of accounts) selector.marks[account] = 1;
  selector.empty = false;
}

/** Marks every account flagged in `flags` (one flag per account). */
export function markFlags(selector: Selector, flags: Uint8Array): void {
  const marks = (selector.marks ??= new Uint8Array(flags.length));
  for (let i = 0; i < flags.length; i++) if (flags[i]) marks[i] = 1;
  selector.empty = false;
}

const anyInRow = (flags: Uint8Array, offsets: Uint32Array, values: Uint16Array, i: number): boolean => {
  for (let k = offsets[i]!; k < offsets[i + 1]!; k++) if (flags[values[k]!]) return true;
  return false;
};

export function selects(selector: Selector, a: AccountTable, i: number): boolean {
  if (selector.marks?.[i]) return true;
  const { offsets, values } = a.interests;
  const base = a.language[i]! * CATEGORY_COUNT;
  for (let k = offsets[i]!; k < offsets[i + 1]!; k++) {
    const interest = values[k]!;
    if (selector.interests[interest] || selector.languageCategories[base + CATEGORY_OF[interest]!])
      return true;
  }
  if (anyInRow(selector.topics, a.topics.offsets, a.topics.values, i)) return true;
  if (anyInRow(selector.movies, a.movies.offsets, a.movies.values, i)) return true;
  const job = a.job[i]!;
  return job !== NO_JOB && selector.jobs[job] === 1;
}
