import { RowBuilder } from '../postings/row-builder';
import type { TermTable } from '../postings/term-table';
import type { PostRecord } from '../parse/records';
import { GrowableU32, ensureLength } from '../util/growable';
import { StringColumn } from '../util/string-column';
import { PostTerms, actorsOf, countOf } from './post-terms';

/** Which posts keep their text for the content wall: text is most of a post's bytes. */
export type KeepPostText = 'engaged' | 'all' | 'none';

/**
 * Whether a post keeps its text, from its counts as stored (uint32: `>>> 0` truncates as the
 * columns do), so a parse worker decides as the builder would.
 */
export const keepsText = (keep: KeepPostText, likes: number, reposts: number, replies: number): boolean =>
  keep === 'all' || (keep === 'engaged' && (likes >>> 0) + (reposts >>> 0) + (replies >>> 0) > 0);

/** A post as the builder stores it (`place`), whether folded on this thread or by a parse worker. */
export interface FoldedPost {
  n: number;
  author: number;
  likes: number;
  reposts: number;
  replies: number;
  row: ArrayLike<number>;
  likedBy: ArrayLike<number>;
  repostedBy: ArrayLike<number>;
  /** Whether id, at and text are kept (`keepsText`); '' each when not. */
  kept: boolean;
  id: string;
  at: string;
  text: string;
}

const u32 = (n: number): Uint32Array => new Uint32Array(n);

/** Streams post records into columns, per-post term rows and engagement pairs. */
export class PostBuilder {
  count = 0;
  /** Author + 1 (0: no record for that post number). */
  authorPlus1: Uint32Array;
  likes: Uint32Array;
  reposts: Uint32Array;
  replies: Uint32Array;
  readonly rows = new RowBuilder(1 << 16);
  readonly liked = { post: new GrowableU32(), actor: new GrowableU32() };
  readonly reposted = { post: new GrowableU32(), actor: new GrowableU32() };
  readonly kept = new GrowableU32();
  readonly ids = new StringColumn();
  readonly at = new StringColumn();
  readonly text = new StringColumn();
  private readonly termsOf: PostTerms;
  private readonly likedBy: number[] = [];
  private readonly repostedBy: number[] = [];

  constructor(
    terms: TermTable,
    readonly keep: KeepPostText,
    expectedPosts = 1024,
  ) {
    this.termsOf = new PostTerms(terms);
    const n = Math.max(16, expectedPosts);
    [this.authorPlus1, this.likes, this.reposts, this.replies] = [u32(n), u32(n), u32(n), u32(n)];
  }

  add(r: PostRecord): void {
    const [likes, reposts, replies] = [countOf(r.likes), countOf(r.reposts), countOf(r.replies)];
    const kept = keepsText(this.keep, likes, reposts, replies);
    this.place({
      n: r.n,
      author: r.author,
      likes,
      reposts,
      replies,
      row: this.termsOf.of(r),
      likedBy: actorsOf(r.likedBy, this.likedBy),
      repostedBy: actorsOf(r.repostedBy, this.repostedBy),
      kept,
      id: kept ? String(r.id ?? '') : '',
      at: kept && typeof r.at === 'string' ? r.at : '',
      text: kept && typeof r.text === 'string' ? r.text : '',
    });
  }

  /** Stores one post; term ids are this builder's table's. */
  place(r: FoldedPost): void {
    const p = r.n;
    if (p >= this.authorPlus1.length) {
      this.authorPlus1 = ensureLength(this.authorPlus1, p, u32);
      this.likes = ensureLength(this.likes, p, u32);
      this.reposts = ensureLength(this.reposts, p, u32);
      this.replies = ensureLength(this.replies, p, u32);
    }
    this.authorPlus1[p] = r.author + 1;
    this.likes[p] = r.likes;
    this.reposts[p] = r.reposts;
    this.replies[p] = r.replies;
    if (p >= this.count) this.count = p + 1;
    this.rows.set(p, r.row);
    for (let i = 0; i < r.likedBy.length; i++) {
      this.liked.post.push(p);
      this.liked.actor.push(r.likedBy[i]!);
    }
    for (let i = 0; i < r.repostedBy.length; i++) {
      this.reposted.post.push(p);
      this.reposted.actor.push(r.repostedBy[i]!);
    }
    if (r.kept) {
      this.kept.push(p);
      this.ids.push(r.id);
      this.at.push(r.at);
      this.text.push(r.text);
    }
  }
}
