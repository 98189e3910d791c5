import { Column } from './growable';

/**
 * Posts, columnar. Text is not stored: it is a pure function of the author and the post's 32-bit
 * seed (see text/post-text.ts), which keeps millions of posts in ~40 bytes each.
 */
export class PostTable {
  readonly author = new Column(Uint32Array, 1 << 16);
  /** Unix seconds. */
  readonly time = new Column(Uint32Array, 1 << 16);
  /** Milliseconds within the second, for X-like snowflake ids. */
  readonly millis = new Column(Uint16Array, 1 << 16);
  readonly seed = new Column(Uint32Array, 1 << 16);
  /** Post index this one replies to, or -1. */
  readonly replyTo = new Column(Int32Array, 1 << 16);
  /** Account mentioned in the text, or -1. */
  readonly mention = new Column(Int32Array, 1 << 16);
  readonly likes = new Column(Uint32Array, 1 << 16);
  readonly reposts = new Column(Uint32Array, 1 << 16);
  readonly replies = new Column(Uint32Array, 1 << 16);
  /** 1 once the post is deleted (by its author, or with its account): it leaves every answer and export. */
  readonly deleted = new Column(Uint8Array, 1 << 16);

  get length(): number {
    return this.author.length;
  }

  reserve(rows: number): void {
    for (const column of [this.author, this.time, this.seed, this.likes, this.reposts, this.replies])
      column.reserve(rows);
    this.millis.reserve(rows);
    this.replyTo.reserve(rows);
    this.mention.reserve(rows);
    this.deleted.reserve(rows);
  }

  /** Positional arguments: this runs millions of times and must not allocate. */
  append(
    author: number,
    time: number,
    millis: number,
    seed: number,
    replyTo: number,
    mention: number,
  ): number {
    const index = this.author.length;
    this.author.push(author);
    this.time.push(time);
    this.millis.push(millis);
    this.seed.push(seed);
    this.replyTo.push(replyTo);
    this.mention.push(mention);
    this.likes.push(0);
    this.reposts.push(0);
    this.replies.push(0);
    this.deleted.push(0);
    return index;
  }
}

/** X's snowflake epoch (2010-11-04T01:42:54.657Z). */
const TWEPOCH = 1288834974657n;

/**
 * An X-like post id: milliseconds since X's epoch in the high bits, then 22 bits that X splits into
 * worker and sequence, here the post index, so ids are unique and sort by time.
 */
export function postId(posts: PostTable, index: number): string {
  const ms = BigInt(posts.time.get(index)) * 1000n + BigInt(posts.millis.get(index));
  return (((ms - TWEPOCH) << 22n) | BigInt(index & 0x3fffff)).toString();
}
