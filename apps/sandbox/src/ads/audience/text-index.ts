import { tokenise, tokens } from '@murmur/core/text';
import { Column } from '../../model/growable';
import type { Network } from '../../network';
import { bioOf } from '../../text/bio';
import { postContent } from '../../text/post-text';

/** One field's inverted index: token → the accounts (ascending) whose text has it. */
class FieldIndex {
  private readonly ids = new Map<string, number>();
  private readonly postings: Column<Uint32Array>[] = [];
  /** Per token, the last account added (accounts arrive in ascending order within a build pass). */
  private readonly last: number[] = [];
  /** Accounts added after the base pass (posts written later), per token. */
  private readonly later = new Map<number, Set<number>>();

  add(token: string, account: number, inOrder: boolean): void {
    let id = this.ids.get(token);
    if (id === undefined) {
      id = this.postings.length;
      this.ids.set(token, id);
      this.postings.push(new Column(Uint32Array, 16));
      this.last.push(-1);
    }
    if (this.last[id] === account) return;
    if (inOrder) {
      this.postings[id]!.push(account);
      this.last[id] = account;
    } else if (!this.has(id, account)) {
      let set = this.later.get(id);
      if (!set) this.later.set(id, (set = new Set()));
      set.add(account);
    }
  }

  private has(id: number, account: number): boolean {
    const list = this.postings[id]!.view();
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (list[mid]! < account) lo = mid + 1;
      else hi = mid;
    }
    return list[lo] === account;
  }

  /** Accounts having every token (flags in `out`); none when a token is unknown. */
  markAll(words: readonly string[], out: Uint8Array, count: number): void {
    const ids = words.map((w) => this.ids.get(w));
    if (ids.length === 0 || ids.some((id) => id === undefined)) return;
    const hits = new Uint8Array(count);
    ids.forEach((id, k) => {
      const list = this.postings[id!]!.view();
      const extra = this.later.get(id!);
      for (let j = 0; j < list.length; j++) if (hits[list[j]!] === k) hits[list[j]!] = k + 1;
      if (extra) for (const a of extra) if (hits[a] === k) hits[a] = k + 1;
    });
    for (let a = 0; a < count; a++) if (hits[a] === ids.length) out[a] = 1;
  }
}

/**
 * What X's keyword targeting reaches in the sandbox: accounts whose bio, or whose posts, contain
 * every word of the keyword — the words of Murmur's own analyser (@murmur/core/text), so a keyword
 * means the same accounts in the Ads API's audience_estimate and in Murmur's estimate. Built on the
 * first keyword estimate (one pass over bios and posts, in author order so postings stay sorted);
 * posts written afterwards are added as the network's clock moves on.
 */
export class KeywordTextIndex {
  private readonly bio = new FieldIndex();
  private readonly post = new FieldIndex();
  private indexedPosts = 0;

  private constructor(private readonly net: Network) {
    const { accounts, posts } = net;
    const n = accounts.count;
    for (let i = 0; i < n; i++) tokenise(bioOf(accounts, i), (t) => this.bio.add(t, i, true));
    // Posts grouped by author (a counting sort), so each token's accounts arrive in order.
    const total = posts.length;
    const offsets = new Uint32Array(n + 1);
    for (let p = 0; p < total; p++) offsets[posts.author.get(p) + 1]!++;
    for (let i = 0; i < n; i++) offsets[i + 1]! += offsets[i]!;
    const cursor = offsets.slice(0, n);
    const byAuthor = new Uint32Array(total);
    for (let p = 0; p < total; p++) byAuthor[cursor[posts.author.get(p)]!++] = p;
    for (let i = 0; i < n; i++)
      for (let k = offsets[i]!; k < offsets[i + 1]!; k++)
        tokenise(postContent(net, byAuthor[k]!).text, (t) => this.post.add(t, i, true));
    this.indexedPosts = total;
  }

  private static readonly built = new WeakMap<Network, KeywordTextIndex>();

  static of(net: Network): KeywordTextIndex {
    let index = KeywordTextIndex.built.get(net);
    if (!index) KeywordTextIndex.built.set(net, (index = new KeywordTextIndex(net)));
    index.catchUp();
    return index;
  }

  private catchUp(): void {
    const { posts } = this.net;
    for (let p = this.indexedPosts; p < posts.length; p++) {
      const author = posts.author.get(p);
      tokenise(postContent(this.net, p).text, (t) => this.post.add(t, author, false));
    }
    this.indexedPosts = posts.length;
  }

  /** Flags (per account) those whose bio or posts contain every word of the keyword. */
  accounts(keyword: string): Uint8Array {
    const n = this.net.accounts.count;
    const out = new Uint8Array(n);
    const words = tokens(keyword);
    this.bio.markAll(words, out, n);
    this.post.markAll(words, out, n);
    return out;
  }
}
