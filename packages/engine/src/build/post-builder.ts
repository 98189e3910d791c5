import { RowBuilder } from '../index/row-builder';
import type { TermTable } from '../index/term-table';
import type { PostRecord } from '../parse/records';
import { normaliseHashtag, tokenise } from '../text/tokenise';
import { GrowableU32, ensureLength } from '../util/growable';
import { StringColumn } from '../util/string-column';
import { Deduper } from './dedupe';

/** Which posts keep their text for the content wall: text is most of a post's bytes. */
export type KeepPostText = 'engaged' | 'all' | 'none';

const count = (v: unknown): number => (typeof v === 'number' && v >= 0 ? Math.min(v, 0xffffffff) : 0);
/** An engagement is [actor, seconds after the post]; a bare actor number is accepted too. */
const actorOf = (e: unknown): number => (Array.isArray(e) ? Number(e[0]) : Number(e));

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
  private readonly distinct = new Deduper();
  private readonly wordId: (value: string) => number;
  private readonly hashtagId: (value: string) => number;
  private readonly addWord = (token: string): void => this.distinct.add(this.wordId(token));

  constructor(
    terms: TermTable,
    private readonly keep: KeepPostText,
    expectedPosts = 1024,
  ) {
    this.wordId = terms.idOf('postWord');
    this.hashtagId = terms.idOf('hashtag');
    const n = Math.max(16, expectedPosts);
    [this.authorPlus1, this.likes, this.reposts, this.replies] = [u32(n), u32(n), u32(n), u32(n)];
  }

  add(r: PostRecord): void {
    const p = r.n;
    if (p >= this.authorPlus1.length) {
      this.authorPlus1 = ensureLength(this.authorPlus1, p, u32);
      this.likes = ensureLength(this.likes, p, u32);
      this.reposts = ensureLength(this.reposts, p, u32);
      this.replies = ensureLength(this.replies, p, u32);
    }
    this.authorPlus1[p] = r.author + 1;
    this.likes[p] = count(r.likes);
    this.reposts[p] = count(r.reposts);
    this.replies[p] = count(r.replies);
    if (p >= this.count) this.count = p + 1;
    this.rows.set(p, this.termsOf(r));
    this.addEngagements(p, r.likedBy, this.liked);
    this.addEngagements(p, r.repostedBy, this.reposted);
    const engaged = this.likes[p] + this.reposts[p] + this.replies[p] > 0;
    if (this.keep === 'all' || (this.keep === 'engaged' && engaged)) {
      this.kept.push(p);
      this.ids.push(String(r.id ?? ''));
      this.at.push(typeof r.at === 'string' ? r.at : '');
      this.text.push(typeof r.text === 'string' ? r.text : '');
    }
  }

  private termsOf(r: PostRecord): number[] {
    const ids = this.distinct.begin();
    if (typeof r.text === 'string') tokenise(r.text, this.addWord);
    if (Array.isArray(r.hashtags)) {
      for (const tag of r.hashtags) {
        const value = typeof tag === 'string' ? normaliseHashtag(tag) : '';
        if (value) this.distinct.add(this.hashtagId(value));
      }
    }
    return ids;
  }

  private addEngagements(p: number, list: unknown, into: { post: GrowableU32; actor: GrowableU32 }): void {
    if (!Array.isArray(list)) return;
    for (const e of list) {
      const actor = actorOf(e);
      if (!Number.isInteger(actor) || actor < 0) continue;
      into.post.push(p);
      into.actor.push(actor);
    }
  }
}
