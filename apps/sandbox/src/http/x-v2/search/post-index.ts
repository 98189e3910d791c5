import { LANGUAGE_CODES } from '@murmur/core/x-catalogue';
import type { Network } from '../../../network';
import { postContent } from '../../../text/post-text';
import { textTerms } from './tokenize';

/** Recent search looks back seven days; the index starts there and grows as time runs. */
export const RECENT_SECONDS = 7 * 86400;

/**
 * Inverted index of recent posts: term → ascending post numbers. Besides words, hashtags and
 * mentions, a post is indexed under lang:xx, is:reply and has:… so those filters narrow candidates
 * too. Posts are appended in time order tick by tick, so new ones extend the lists at their ends.
 */
export class PostSearchIndex {
  readonly postings = new Map<string, number[]>();
  /** First post indexed (the first one less than seven days and an hour old at build time). */
  readonly from: number;
  private upTo: number;

  constructor(private readonly net: Network) {
    const cutoff = net.clock.now - RECENT_SECONDS - 3600;
    const times = net.posts.time.view();
    let lo = 0;
    let hi = times.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (times[mid]! < cutoff) lo = mid + 1;
      else hi = mid;
    }
    this.from = lo;
    this.upTo = lo;
  }

  /** Indexes posts made since the last call; returns the end of the indexed range. */
  refresh(): number {
    const { net } = this;
    for (let p = this.upTo; p < net.posts.length; p++) {
      const content = postContent(net, p);
      const terms = textTerms(content.text);
      terms.add(`lang:${LANGUAGE_CODES[net.accounts.language[net.posts.author.get(p)]!]}`);
      if (net.posts.replyTo.get(p) >= 0) terms.add('is:reply');
      if (content.hashtags.length > 0 || /#[\p{L}\p{N}_]/u.test(content.text)) terms.add('has:hashtags');
      if (content.mentions.length > 0) terms.add('has:mentions');
      if (content.text.includes('http')) terms.add('has:links');
      for (const term of terms) {
        const list = this.postings.get(term);
        if (list) list.push(p);
        else this.postings.set(term, [p]);
      }
    }
    this.upTo = net.posts.length;
    return this.upTo;
  }
}

const indexes = new WeakMap<Network, PostSearchIndex>();

export function searchIndex(net: Network): PostSearchIndex {
  let index = indexes.get(net);
  if (!index) {
    index = new PostSearchIndex(net);
    indexes.set(net, index);
  }
  index.refresh();
  return index;
}
