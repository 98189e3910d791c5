import { newBits } from '../bits/bitset';
import type { AudienceIndex, IndexStats } from '../index/audience-index';
import type { Catalogue } from '../index/catalogue';
import { groupPairs, type Csr } from '../index/csr';
import { CATEGORICAL_FIELDS } from '../index/fields';
import { HandleIndex } from '../index/handle-index';
import type { TermTable } from '../index/term-table';
import type { ExportHeader } from '../parse/records';
import type { RowBuilder } from '../index/row-builder';
import type { AccountBuilder } from './account-builder';
import { accountPostTerms } from './account-post-terms';
import { engagementOrder } from './engagement-order';
import { invert } from './invert';
import type { PostBuilder } from './post-builder';
import { typedBytes } from './typed-bytes';

export interface FinaliseInput {
  header: ExportHeader;
  scale: number;
  terms: TermTable;
  catalogue: Catalogue;
  accounts: AccountBuilder;
  posts: PostBuilder;
  follows: RowBuilder;
  stats: Omit<IndexStats, 'accounts' | 'follows' | 'posts' | 'likes' | 'reposts' | 'terms' | 'bytes'>;
}

/** Turns the streamed builders into the read-only index: CSR rows, postings, orderings. */
export function finalise(input: FinaliseInput): AudienceIndex {
  const { accounts: a, posts: p, terms } = input;
  const size = Math.max(input.header.accounts ?? 0, a.capacity > 0 ? lastPresent(a.present) + 1 : 0);
  const present = newBits(size);
  for (let n = 0; n < size; n++) if (a.present[n]) present[n >>> 5]! |= 1 << (n & 31);
  const isPresent = (n: number) => n < size && a.present[n] === 1;
  const fit = <T extends Uint32Array | Uint8Array>(col: T): T =>
    col.length === size ? col : (col.slice(0, size) as T);
  const columns = Object.fromEntries(
    CATEGORICAL_FIELDS.map((f) => [f, fit(a.columns[f])]),
  ) as AudienceIndex['columns'];

  const following = input.follows.toCsr(size, (t) => isPresent(t));
  const author = new Uint32Array(p.count);
  for (let i = 0; i < p.count; i++) author[i] = p.authorPlus1[i]! - 1;
  const postsByAuthor = groupPairs(
    author,
    Uint32Array.from({ length: p.count }, (_, i) => i),
    size,
  );
  const postTerms = accountPostTerms(p.rows.toCsr(p.count), postsByAuthor, terms.size);
  const profileTerms = a.profile.toCsr(size);

  const columnList = CATEGORICAL_FIELDS.map((f) => columns[f]);
  const postings = invert(terms.size, size, (emit) => {
    for (let n = 0; n < size; n++) {
      if (a.present[n] !== 1) continue;
      for (let c = 0; c < columnList.length; c++)
        if (columnList[c]![n] !== 0) emit(columnList[c]![n]! - 1, n);
      emitRow(profileTerms, n, emit);
      emitRow(postTerms, n, emit);
    }
  });
  const followers = invert(size, size, (emit) => {
    for (let n = 0; n < size; n++) if (a.present[n] === 1) emitRow(following, n, (t) => emit(t, n));
  });
  const slot = fit(a.slot);
  const handleOf = (n: number) => (slot[n] ? a.handles.get(slot[n] - 1) : '');
  const likes = p.likes.slice(0, p.count);
  const reposts = p.reposts.slice(0, p.count);
  const replies = p.replies.slice(0, p.count);
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
      ids: a.ids,
      handles: a.handles,
      names: a.names,
      bios: a.bios,
    },
    handles: new HandleIndex(size, handleOf, isPresent),
    posts: {
      count: p.count,
      author,
      likes,
      reposts,
      replies,
      byEngagement: engagementOrder(likes, reposts, replies),
      kept: p.kept.toArray(),
      ids: p.ids,
      at: p.at,
      text: p.text,
    },
    postsByAuthor,
    likesByActor: groupPairs(p.liked.actor.view(), p.liked.post.view(), size),
    repostsByActor: groupPairs(p.reposted.actor.view(), p.reposted.post.view(), size),
    catalogue: input.catalogue,
    customAudiences: new Map(),
    stats: {
      ...input.stats,
      accounts: a.count,
      follows: following.data.length,
      posts: p.count,
      likes: p.liked.post.length,
      reposts: p.reposted.post.length,
      terms: terms.size,
      bytes: 0,
    },
  };
  index.stats.bytes = typedBytes(index);
  return index;
}

function emitRow(csr: Csr, n: number, emit: (term: number, account: number) => void): void {
  for (let k = csr.offsets[n]!; k < csr.offsets[n + 1]!; k++) emit(csr.data[k]!, n);
}

function lastPresent(present: Uint8Array): number {
  for (let n = present.length - 1; n >= 0; n--) if (present[n]) return n;
  return -1;
}
