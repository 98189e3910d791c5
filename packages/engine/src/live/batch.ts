import type { LivePost, LiveUser, LiveEvent } from '@murmur/core/live';
import { resolveLocationText } from '@murmur/core/live';
import { normaliseHandle } from '../postings/handle-index';
import { prepareTexts } from '../text/tokenise';
import { CATEGORICAL_FIELDS, type CategoricalField } from '../postings/fields';
import { sampleKeyOf } from '../postings/sample-key';
import type { AccountRecord, PostRecord } from '../parse/records';
import { EMPTY_ROW } from '../postings/csr';
import { BatchStore, COUNTS } from './batch-store';
import { appended } from './structures';
import type { Held } from './pending';

const LOCATION_FIELDS = new Set<CategoricalField>(['country', 'region', 'metro', 'city']);
const PROTECTED = 2;
const VERIFIED = 1;

/** A batch's events (README "Live updates"): each writes the buffers of `BatchStore`. */
export class Batch extends BatchStore {
  // --- events ---

  event(e: LiveEvent): boolean {
    switch (e.type) {
      case 'user':
        return this.user(e.user, e.relocated === true);
      case 'post':
        if (e.author && this.live.accountOf(e.author.id) === undefined) this.user(e.author);
        return this.addPost(e.post);
      case 'like':
        return this.like(e.user, e.post);
      case 'follow':
      case 'unfollow':
        return this.follow(e.from, e.to, e.type === 'follow');
      case 'post-delete':
        return this.deletePost(e.post);
      case 'user-delete':
      case 'user-suspend':
        return this.removeAccount(e.user);
      case 'user-protect':
        return this.protect(e.user, true);
      case 'user-restore':
        // A known account is restored from protection; a removed one comes back on its next `user` event.
        this.live.restore(e.user);
        this.protect(e.user, false);
        return true;
    }
  }

  /** `relocated`: X said the place changed (`profile.update.geo`), so it is resolved again. */
  protected user(u: LiveUser, relocated = false): boolean {
    if (this.live.isRemoved(u.id)) return false;
    const known = this.live.accountOf(u.id);
    const relocate = this.live.locationChanged(u.id, u.location, known !== undefined) || relocated;
    const n = known ?? this.live.newAccount(u.id);
    const place = resolveLocationText(u.location, this.live.locations);
    const record: AccountRecord = {
      type: 'account',
      n,
      id: u.id,
      handle: u.handle,
      name: u.name,
      bio: u.bio,
      country: place.country ?? '',
      region: place.region ?? '',
      city: place.city ?? '',
      metro: place.metro,
    };
    const { cells, profile } = this.live.termsOfAccount(record);
    const oldHandle = known === undefined ? '' : normaliseHandle(this.live.handleOfSlot(this.slotOf(n)));
    if (known === undefined) {
      // Rule 1: a live-born account carries only what X's user object says.
      for (let i = 0; i < CATEGORICAL_FIELDS.length; i++) this.setCell(CATEGORICAL_FIELDS[i]!, n, cells[i]!);
      this.replaceTerms('profileTerms', n, profile);
      this.setPresent(n, true);
    } else {
      // Rule 2: location columns and bio words are replaced; what X does not publish stays.
      if (relocate)
        for (let i = 0; i < CATEGORICAL_FIELDS.length; i++)
          if (LOCATION_FIELDS.has(CATEGORICAL_FIELDS[i]!)) this.setCell(CATEGORICAL_FIELDS[i]!, n, cells[i]!);
      const kept = [...this.row('profileTerms', n)].filter((t) => this.v.terms.field(t) !== 'bioWord');
      const bio = profile.filter((t) => this.v.terms.field(t) === 'bioWord');
      this.replaceTerms('profileTerms', n, [...kept, ...bio]);
    }
    this.array('slot', this.v.accounts.slot).set(n, this.live.accountSlot(u));
    this.setSampleKey(n, sampleKeyOf(n, u.id));
    this.newSlots = true;
    this.setFlags(n, (u.verified ? VERIFIED : 0) | (u.protected ? PROTECTED : 0));
    const handle = normaliseHandle(u.handle);
    if (oldHandle && oldHandle !== handle) this.handleChanges.set(oldHandle, -1);
    if (handle) this.handleChanges.set(handle, n);
    this.release('account', u.id);
    return true;
  }

  protected slotOf(n: number): number {
    return this.read('slot', this.v.accounts.slot)[n]!;
  }

  protected setCell(f: CategoricalField, n: number, value: number): void {
    const old = this.cell(f, n);
    if (old === value) return;
    if (old > 0) this.termEdit(old - 1, n, false);
    if (value > 0) this.termEdit(value - 1, n, true);
    this.col(f).set(n, value);
  }

  /** Replaces a term row (profile or post terms), editing the postings of the terms that differ. */
  protected replaceTerms(name: 'profileTerms' | 'postTerms', n: number, row: readonly number[]): void {
    const old = new Set(this.row(name, n));
    const next = new Set(row);
    for (const t of old) if (!next.has(t)) this.termEdit(t, n, false);
    for (const t of next) if (!old.has(t)) this.termEdit(t, n, true);
    this.setRow(name, n, Uint32Array.from(next));
  }

  /**
   * replaceTerms with the row and `add` joined, for a new post's terms: a term row holds each term
   * once, in first-use order, so only the terms it lacks are edited and appended, and a row that
   * lacks none is left as it is (not written again: most posts of an active author bring no new
   * word).
   */
  protected addTerms(name: 'postTerms', n: number, add: ArrayLike<number>): void {
    const old = this.row(name, n);
    // The row's terms marked by term id: marking a long row is one sequential pass, where a Set of
    // it was a fifth of a post's apply (bench/README.md "bench:live").
    const marks = this.live.termMarks.of(old);
    let fresh: number[] | undefined;
    for (let i = 0; i < add.length; i++) {
      const t = add[i]!;
      if (marks.has(t)) continue;
      marks.add(t);
      (fresh ??= []).push(t);
      this.termEdit(t, n, true);
    }
    if (fresh) this.setRow(name, n, appended(old, ...fresh));
  }

  protected addPost(post: LivePost): boolean {
    const author = this.live.accountOf(post.author);
    if (author === undefined) return false;
    if (this.live.pending.isTombstoned(post.id)) return this.deletedFirst(post, author);
    if (post.repostOf !== null) {
      // Rule 4: a repost is an engagement on the original, not a post (what names its id is a no-op).
      this.live.pending.drop('post', post.id);
      if (this.live.postOf(post.repostOf) !== undefined || this.live.repost(post.id))
        return this.repost(post.id, author, post.repostOf);
      return this.hold({ kind: 'repost', target: post.repostOf, id: post.id, actor: post.author, n: author });
    }
    if (this.live.postOf(post.id) !== undefined) return false;
    const record: PostRecord = { type: 'post', n: 0, author, text: post.text, hashtags: post.hashtags };
    const row = this.live.termsOfPost(record);
    const p = this.live.newPost(post, row);
    // apply() made room for the batch's posts before it started.
    this.post('author').set(p, author);
    this.postCount = Math.max(this.postCount, p + 1);
    this.newPosts = true;
    this.setRow('postsByAuthor', author, appended(this.row('postsByAuthor', author), p));
    this.addTerms('postTerms', author, row);
    this.bump('posts', author, 1);
    // Rule 4: the author's lang is its latest post's.
    if (post.lang) this.setCell('language', author, this.v.terms.id('language', post.lang.toLowerCase()) + 1);
    if (post.replyTo !== null && this.live.postOf(post.replyTo) === undefined)
      this.hold({ kind: 'reply', target: post.replyTo, id: post.id }, false);
    else if (post.replyTo !== null) this.countReply(post.id, post.replyTo);
    this.release('post', post.id);
    return true;
  }

  /** Rule 4: a repost is an engagement on the original (once per actor and original). */
  protected repost(id: string, author: number, originalId: string): boolean {
    const original = this.live.postOf(originalId);
    if (original === undefined || this.live.repost(id)) return false;
    if (this.row('repostsByActor', author).includes(original)) return false;
    this.live.addRepost(id, author, original);
    this.setRow('repostsByActor', author, appended(this.row('repostsByActor', author), original));
    this.live.engaged('repostsByActor', original, author);
    this.engage('reposts', original, 1);
    return true;
  }

  protected engage(k: 'likes' | 'reposts' | 'replies', p: number, by: number): void {
    const old = this.postValue(k, p);
    const next = Math.max(0, old + by);
    this.post(k).set(p, next);
    if (k !== 'replies') this.live.totals[k] += next - old;
    this.engagementChanged.add(p);
  }

  protected like(userId: string, postId: string): boolean {
    const n = this.live.accountOf(userId);
    const p = this.live.postOf(postId);
    if (n !== undefined && p === undefined)
      return this.hold({ kind: 'like', target: postId, actor: userId, n });
    if (n === undefined || p === undefined) return false;
    const row = this.row('likesByActor', n);
    if (row.includes(p)) return false;
    this.setRow('likesByActor', n, appended(row, p));
    this.live.engaged('likesByActor', p, n);
    this.engage('likes', p, 1);
    return true;
  }

  protected follow(fromId: string, toId: string, add: boolean): boolean {
    const from = this.live.accountOf(fromId);
    const to = this.live.accountOf(toId);
    // A follow of an account not seen yet waits for it; one removed is a no-op in either order.
    if (from !== undefined && to === undefined && fromId !== toId && !this.live.isRemoved(toId))
      return this.hold({ kind: 'follow', target: toId, from: fromId, n: from, add });
    if (from === undefined || to === undefined || from === to) return false;
    const row = this.row('following', from);
    const has = row.includes(to);
    if (has === add) return false; // Rule 3: a follow of an existing edge, an unfollow of a missing one
    this.setRow('following', from, add ? appended(row, to) : row.filter((t) => t !== to));
    this.followerEdit(to, from, add);
    this.live.totals.follows += add ? 1 : -1;
    this.bump('following', from, add ? 1 : -1);
    this.bump('followers', to, add ? 1 : -1);
    return true;
  }

  protected deletePost(postId: string): boolean {
    const repost = this.live.repost(postId);
    if (repost) {
      const [actor, original] = repost;
      this.live.dropRepost(postId);
      const row = this.row('repostsByActor', actor);
      if (!row.includes(original)) return false;
      this.setRow(
        'repostsByActor',
        actor,
        row.filter((q) => q !== original),
      );
      this.engage('reposts', original, -1);
      return true;
    }
    const p = this.live.postOf(postId);
    if (p === undefined) {
      // Deleted before it was seen (another partition): ignored when it comes.
      this.live.pending.tombstone(postId);
      this.held = true;
      return false;
    }
    this.removePost(p, postId);
    return true;
  }

  /** Rule 6: the post and its engagements leave; its author's post words are those of the others. */
  protected removePost(p: number, id: string): void {
    const author = this.postValue('author', p);
    this.live.deletePost(p, id);
    const mine = this.row('postsByAuthor', author).filter((q) => q !== p);
    this.setRow('postsByAuthor', author, mine);
    const terms = new Set<number>();
    for (const q of mine) for (const t of Array.from(this.live.postRow(q))) terms.add(t);
    this.replaceTerms('postTerms', author, [...terms]);
    this.bump('posts', author, -1);
    const parent = this.live.replyParent(p);
    if (parent !== undefined && !this.live.isDeleted(parent)) this.engage('replies', parent, -1);
    // Its likes and reposts leave the actors' rows (a scan of the rows: deletes are rare).
    if (this.postValue('likes', p) > 0) this.dropEngagement('likesByActor', p);
    if (this.postValue('reposts', p) > 0) this.dropEngagement('repostsByActor', p);
    for (const k of ['likes', 'reposts', 'replies'] as const) {
      if (k !== 'replies') this.live.totals[k] -= this.postValue(k, p);
      this.post(k).set(p, 0);
    }
    this.engagementChanged.add(p);
  }

  protected dropEngagement(name: 'likesByActor' | 'repostsByActor', p: number): void {
    const actors = new Set<number>();
    for (const a of this.live.engagersOf(name, p)) if (this.row(name, a).includes(p)) actors.add(a);
    for (const [a, row] of this.rows.get(name)!) if (row.includes(p)) actors.add(a);
    for (const a of actors)
      this.setRow(
        name,
        a,
        this.row(name, a).filter((q) => q !== p),
      );
  }

  /**
   * Contract refinement (sandbox, protected accounts): protecting only sets the account's protected
   * flag — its record, follows, posts and engagements stay, as the sandbox's export has always
   * carried protected accounts whole; un-protecting clears it.
   */
  protected protect(id: string, on: boolean): boolean {
    const n = this.live.accountOf(id);
    if (n === undefined) return false;
    const flags = on ? this.flagOf(n) | PROTECTED : this.flagOf(n) & ~PROTECTED;
    if (flags === this.flagOf(n)) return false;
    this.setFlags(n, flags);
    return true;
  }

  /** Rule 7: a deleted or suspended account leaves everything. */
  protected removeAccount(id: string): boolean {
    const n = this.live.accountOf(id);
    if (n === undefined) return false;
    // What it holds is dropped when its turn comes (its number no longer matches: release).
    this.live.pending.drop('account', id);
    // The live index's post ids, not this version's: they hold the posts this batch added too.
    const postIds = this.live.postStringsOf().ids;
    for (const p of [...this.row('postsByAuthor', n)]) this.removePost(p, postIds.get(p));
    for (const p of this.row('likesByActor', n)) this.engage('likes', p, -1);
    this.setRow('likesByActor', n, EMPTY_ROW);
    for (const repostId of this.live.repostsBy(n)) this.live.dropRepost(repostId);
    for (const p of this.row('repostsByActor', n)) this.engage('reposts', p, -1);
    this.setRow('repostsByActor', n, EMPTY_ROW);
    for (const t of this.row('following', n)) {
      this.live.totals.follows--;
      this.followerEdit(t, n, false);
      this.bump('followers', t, -1);
    }
    this.setRow('following', n, EMPTY_ROW);
    for (const f of this.followersOf(n)) {
      this.setRow(
        'following',
        f,
        this.row('following', f).filter((t) => t !== n),
      );
      this.followerEdit(n, f, false);
      this.live.totals.follows--;
      this.bump('following', f, -1);
    }
    for (const f of CATEGORICAL_FIELDS) this.setCell(f, n, 0);
    this.replaceTerms('profileTerms', n, []);
    this.replaceTerms('postTerms', n, []);
    for (const k of COUNTS) this.count(k).set(n, 0);
    this.setFlags(n, 0);
    const handle = normaliseHandle(this.live.handleOfSlot(this.slotOf(n)));
    if (handle && (this.handleChanges.get(handle) ?? this.v.handles.find(handle)) === n)
      this.handleChanges.set(handle, -1);
    this.setPresent(n, false);
    // No handle, id or name any more: a handle-table entry left for it finds nobody.
    this.array('slot', this.v.accounts.slot).set(n, 0);
    // No X id: keyed by its number, as an index built from an export keys an account without a record.
    this.setSampleKey(n, n);
    this.newSlots = true;
    this.live.dropAccount(id);
    return true;
  }

  /**
   * Holds a reference to an account or post not seen yet (docs/LIVE.md "Order across partitions"),
   * unless the post was deleted first or is a repost (nothing refers to a repost's id): then it is a
   * no-op in either order. `deferred` false: the event itself was applied (a reply's parent count).
   */
  protected hold(h: Held, deferred = true): boolean {
    const noop =
      h.kind !== 'follow' && (this.live.pending.isTombstoned(h.target) || this.live.repost(h.target));
    if (noop) return false;
    this.live.pending.hold(h);
    this.held ||= deferred;
    return false;
  }

  /** Applies what waited for an account or post that is known now. */
  protected release(kind: 'account' | 'post', target: string): void {
    for (const h of this.live.pending.take(kind, target)) {
      this.released.push(h);
      if (h.kind === 'reply') this.countReply(h.id, h.target);
      if (h.kind === 'reply' || h.kind === 'tombstone') continue;
      const actor = h.kind === 'follow' ? h.from : h.actor;
      // Removed since, or removed and born again: the other order left nothing of it either.
      if (this.live.accountOf(actor) !== h.n) continue;
      if (h.kind === 'follow') this.follow(h.from, h.target, h.add);
      else if (h.kind === 'like') this.like(h.actor, h.target);
      else if (!this.live.pending.isTombstoned(h.id)) this.repost(h.id, h.n, h.target);
    }
  }

  /** A reply counts on its parent once both are known. */
  protected countReply(replyId: string, parentId: string): void {
    const reply = this.live.postOf(replyId);
    const parent = this.live.postOf(parentId);
    if (reply === undefined || parent === undefined) return;
    this.live.setReplyTo(reply, parent);
    this.engage('replies', parent, 1);
  }

  /** A post whose delete came first: only what its delete leaves, the author's lang (rule 4). */
  protected deletedFirst(post: LivePost, author: number): boolean {
    if (post.repostOf !== null || !post.lang) return false;
    const before = this.cell('language', author);
    this.setCell('language', author, this.v.terms.id('language', post.lang.toLowerCase()) + 1);
    return this.cell('language', author) !== before;
  }
}

/**
 * Segments the Japanese and Chinese runs of the bios and post texts a batch will tokenise together,
 * before it is applied (prepareTexts: many runs to one ICU call).
 */
export function prepareBatchTexts(events: readonly LiveEvent[]): void {
  const texts: string[] = [];
  for (const e of events) {
    if (e.type === 'user') texts.push(e.user.bio);
    else if (e.type === 'post') {
      texts.push(e.post.text);
      if (e.author) texts.push(e.author.bio);
    }
  }
  prepareTexts(texts);
}
