import type { PostSummary } from '@murmur/core/insights';
import type { AccountSet } from '../bits/account-set';
import type { AudienceIndex } from '../postings/audience-index';
import { csrRow } from '../postings/csr';
import { postSummary } from '../insights/post-summary';
import { tokens } from '../text/tokenise';

export interface TopicPost extends PostSummary {
  /** The author's language code ("en", "ja"), '' when unknown. */
  language: string;
}

export interface TopicPostsOptions {
  /** Only posts whose author writes this language. */
  language?: string;
  /** At most this many matching posts are collected, most engaged first. */
  limit: number;
}

const authorLanguage = (index: AudienceIndex, author: number): string => {
  const term = index.columns.language[author] ?? 0;
  return term > 0 ? index.terms.value(term - 1) : '';
};

/**
 * Posts about any of `keywords` (every token of one keyword in the post's text), most engaged first.
 * Only posts whose text the index keeps are searched (by default those with any engagement), and
 * only authors in `authors` (the accounts whose posts carry the keyword's words) are read.
 */
export function topicPosts(
  index: AudienceIndex,
  keywords: readonly string[],
  authors: AccountSet,
  options: TopicPostsOptions,
): TopicPost[] {
  const wanted = keywords.map((k) => tokens(k)).filter((t) => t.length > 0);
  const out: TopicPost[] = [];
  if (wanted.length === 0) return out;
  const { byEngagement, author } = index.posts;
  for (let i = 0; i < byEngagement.length && out.length < options.limit; i++) {
    const p = byEngagement[i]!;
    const a = author[p]!;
    if (!authors.has(a)) continue;
    const language = authorLanguage(index, a);
    if (options.language && language !== options.language) continue;
    const post = postSummary(index, p);
    if (!post.text) continue;
    const words = new Set(tokens(post.text));
    if (!wanted.some((w) => w.every((t) => words.has(t)))) continue;
    out.push({ ...post, language });
  }
  return out;
}

export interface AccountActivity {
  /** Posts per hour of the day (UTC), over the posts whose time the index keeps. */
  postingHours: number[];
  /** Hashtags of the account's posts, most used first. */
  hashtags: { tag: string; count: number }[];
  /** Posts in the export's window; `postingHours` sums to those with a kept time. */
  posts: number;
}

const HASHTAG = /[#＃]([\p{L}\p{N}_]+)/gu;

/** When an account posts and which hashtags it uses. */
export function accountActivity(index: AudienceIndex, n: number, limit = 10): AccountActivity {
  const postingHours = Array.from({ length: 24 }, () => 0);
  const tags = new Map<string, number>();
  const posts = csrRow(index.postsByAuthor, n);
  for (const p of posts) {
    const post = postSummary(index, p);
    const at = Date.parse(post.at);
    if (Number.isFinite(at)) postingHours[new Date(at).getUTCHours()]!++;
    for (const match of post.text.matchAll(HASHTAG)) {
      const tag = match[1]!.toLowerCase();
      tags.set(tag, (tags.get(tag) ?? 0) + 1);
    }
  }
  // Hashtags of posts whose text is not kept still show, once each, from the account's post terms.
  for (const t of csrRow(index.postTerms, n)) {
    if (index.terms.field(t) !== 'hashtag') continue;
    const tag = index.terms.value(t);
    if (!tags.has(tag)) tags.set(tag, 1);
  }
  const hashtags = [...tags]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag))
    .slice(0, limit);
  return { postingHours, hashtags, posts: posts.length };
}
