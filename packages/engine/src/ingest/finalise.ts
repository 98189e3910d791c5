import { newBits } from '../bits/bitset';
import type { AudienceIndex, IndexStats } from '../postings/audience-index';
import type { Catalogue } from '../postings/catalogue';
import { groupPairs } from '../postings/csr';
import { CATEGORICAL_FIELDS } from '../postings/fields';
import { HandleIndex } from '../postings/handle-index';
import type { TermTable } from '../postings/term-table';
import type { ExportHeader } from '../parse/records';
import type { RowBuilder } from '../postings/row-builder';
import { grownSampleKeys } from '../postings/sample-key';
import type { AccountBuilder } from './account-builder';
import { accountPostTerms } from './account-post-terms';
import { engagementOrder } from './engagement-order';
import { invert } from './invert';
import { transpose } from './transpose';
import type { PostBuilder } from './post-builder';
import { typedBytes } from './typed-bytes';
import { finish, type Steps } from '../util/steps';

export interface FinaliseInput {
  header: ExportHeader;
  scale: number;
  terms: TermTable;
  catalogue: Catalogue;
  accounts: AccountBuilder;
  posts: PostBuilder;
  follows: RowBuilder;
  /** Called as each step ends (profiling). */
  mark?: (stage: string) => void;
  /** Keep the per-post term rows as `postTermRows` (BuildOptions.keepPostTerms). */
  keepPostTerms?: boolean;
  stats: Omit<IndexStats, 'accounts' | 'follows' | 'posts' | 'likes' | 'reposts' | 'terms' | 'bytes'>;
}

/** Turns the streamed builders into the read-only index: CSR rows, postings, orderings. */
export function finalise(input: FinaliseInput): AudienceIndex {
  return finish(finaliseSteps(input));
}

/**
 * `finalise` in steps: a pause between its stages (each seconds long at a million accounts), so that
 * a server building its index in the background turns its event loop between them (its streams'
 * keep-alives, its requests). The same index either way.
 */
export function* finaliseSteps(input: FinaliseInput): Steps<AudienceIndex> {
  const { accounts: a, posts: p, terms } = input;
  const mark = input.mark ?? (() => undefined);
  const size = Math.max(input.header.accounts ?? 0, a.capacity > 0 ? lastPresent(a.present) + 1 : 0);
  const present = newBits(size);
  for (let n = 0; n < size; n++) if (a.present[n]) present[n >>> 5]! |= 1 << (n & 31);
  const isPresent = (n: number) => n < size && a.present[n] === 1;
  const fit = <T extends Uint32Array | Uint8Array>(col: T): T =>
    col.length === size ? col : (col.slice(0, size) as T);
  const columns = Object.fromEntries(
    CATEGORICAL_FIELDS.map((f) => [f, fit(a.columns[f])]),
  ) as AudienceIndex['columns'];

  // Post-side structures first; each builder buffer is dropped once consumed, so that the peak
  // (builders and index side by side) stays low.
  const author = new Uint32Array(p.count);
  for (let i = 0; i < p.count; i++) author[i] = p.authorPlus1[i]! - 1;
  const postNumbers = new Uint32Array(p.count);
  for (let i = 0; i < p.count; i++) postNumbers[i] = i;
  const postsByAuthor = groupPairs(author, postNumbers, size);
  mark('posts by author');
  yield;
  const postRows = p.rows.toCsr(p.count);
  const postTerms = accountPostTerms(postRows, postsByAuthor, terms.size);
  p.rows.drop();
  mark('post terms per account');
  yield;
  const likeCount = p.liked.post.length;
  const repostCount = p.reposted.post.length;
  const likesByActor = groupPairs(p.liked.actor.view(), p.liked.post.view(), size);
  const repostsByActor = groupPairs(p.reposted.actor.view(), p.reposted.post.view(), size);
  for (const g of [p.liked.actor, p.liked.post, p.reposted.actor, p.reposted.post]) g.drop();
  const upTo = (col: Uint32Array): Uint32Array => (col.length === p.count ? col : col.slice(0, p.count));
  const likes = upTo(p.likes);
  const reposts = upTo(p.reposts);
  const replies = upTo(p.replies);
  const byEngagement = engagementOrder(likes, reposts, replies);
  mark('likes, reposts, engagement order');
  yield;

  const profileTerms = a.profile.toCsr(size);
  a.profile.drop();
  const present8 = a.present.length === size ? a.present : fitPresent(a.present, size);
  const postings = invert(terms.size, size, {
    columns: CATEGORICAL_FIELDS.map((f) => columns[f]),
    rows: [profileTerms, postTerms],
    present: present8,
  });
  mark('term postings');
  yield;
  const following = input.follows.toCsr(size, (t) => isPresent(t));
  input.follows.drop();
  const followers = transpose(following, size, present8);
  mark('followers');
  yield;
  const slot = fit(a.slot);
  // Accounts without a record have no X id: they key by their number (postings/sample-key.ts).
  const sampleKey = grownSampleKeys(fit(a.sampleKey), size);
  for (let n = 0; n < size; n++) if (!slot[n]) sampleKey[n] = n;
  const handleOf = (n: number) => (slot[n] ? a.handles.get(slot[n] - 1) : '');
  const index: AudienceIndex = {
    header: input.header,
    scale: input.scale,
    size,
    population: a.count,
    present,
    terms,
    postings,
    columns,
    profileTerms,
    postTerms,
    following,
    followers,
    accounts: {
      followers: fit(a.followers),
      following: fit(a.following),
      posts: fit(a.posts),
      flags: fit(a.flags),
      slot,
      sampleKey,
      ids: a.ids,
      handles: a.handles,
      names: a.names,
      bios: a.bios,
    },
    handles: HandleIndex.build(size, handleOf, isPresent),
    posts: {
      count: p.count,
      author,
      likes,
      reposts,
      replies,
      byEngagement,
      kept: p.kept.toArray(),
      ids: p.ids,
      at: p.at,
      text: p.text,
    },
    postsByAuthor,
    likesByActor,
    repostsByActor,
    ...(input.keepPostTerms ? { postTermRows: postRows } : {}),
    catalogue: input.catalogue,
    customAudiences: new Map(),
    stats: {
      ...input.stats,
      accounts: a.count,
      follows: following.data.length,
      posts: p.count,
      likes: likeCount,
      reposts: repostCount,
      terms: terms.size,
      bytes: 0,
    },
  };
  mark('handles');
  index.stats.bytes = typedBytes(index);
  return index;
}

function fitPresent(present: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(present.subarray(0, Math.min(size, present.length)));
  return out;
}

function lastPresent(present: Uint8Array): number {
  for (let n = present.length - 1; n >= 0; n--) if (present[n]) return n;
  return -1;
}
