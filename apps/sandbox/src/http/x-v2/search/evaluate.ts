import { LANGUAGE_CODES } from '@murmur/core/x-catalogue';
import { AccountFlag } from '../../../model/accounts';
import type { Network } from '../../../network';
import { postContent } from '../../../text/post-text';
import { accountByHandle } from '../../shared/lookup';
import { postsOf } from '../indexes';
import type { PostSearchIndex } from './post-index';
import type { Atom, QueryNode } from './query';
import { isCjk, textTerms, wordTerms } from './tokenize';

const intersect = (a: number[], b: readonly number[]): number[] => {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out.push(a[i]!);
      i++;
      j++;
    }
  }
  return out;
};

const union = (lists: number[][]): number[] => [...new Set(lists.flat())].sort((x, y) => x - y);

/** Posts that may match an atom (a superset), or null when the index cannot narrow it. */
function atomCandidates(net: Network, index: PostSearchIndex, atom: Atom): number[] | null {
  const all = (terms: string[]): number[] =>
    terms.map((t) => index.postings.get(t) ?? []).reduce((acc, list) => intersect(acc, list));
  switch (atom.kind) {
    case 'word':
      return all(wordTerms(atom.value));
    case 'phrase':
      return all(atom.value.split(' ').flatMap(wordTerms));
    case 'hashtag':
      return index.postings.get(`#${atom.value}`) ?? [];
    case 'mention':
      return index.postings.get(`@${atom.value}`) ?? [];
    case 'lang':
      return index.postings.get(`lang:${atom.value}`) ?? [];
    case 'from': {
      const author = accountByHandle(net, atom.value);
      return author < 0 ? [] : Array.from(postsOf(net, author)).filter((p) => p >= index.from);
    }
    case 'is':
      return atom.value === 'reply'
        ? (index.postings.get('is:reply') ?? [])
        : atom.value === 'verified'
          ? null
          : [];
    case 'has':
      return index.postings.get(`has:${atom.value}`) ?? [];
    case 'to':
      return null;
  }
}

/** Candidate posts for a query tree (null: every indexed post must be checked). */
export function candidates(net: Network, index: PostSearchIndex, node: QueryNode): number[] | null {
  if (node.type === 'atom') return atomCandidates(net, index, node.atom);
  if (node.type === 'not') return null;
  const lists = node.children.map((c) => candidates(net, index, c));
  if (node.type === 'or') return lists.some((l) => l === null) ? null : union(lists as number[][]);
  const known = lists.filter((l): l is number[] => l !== null);
  return known.length === 0 ? null : known.reduce((acc, list) => intersect(acc, list));
}

interface Doc {
  text: string;
  terms: Set<string>;
  author: number;
  replyTo: number;
}

function atomMatches(net: Network, doc: Doc, atom: Atom): boolean {
  const handle = (a: number): string => net.accounts.handles[a]!.toLowerCase();
  switch (atom.kind) {
    case 'word':
      return (
        wordTerms(atom.value).every((t) => doc.terms.has(t)) &&
        (!isCjk(atom.value) || doc.text.includes(atom.value))
      );
    case 'phrase':
      return doc.text.replace(/\s+/g, ' ').includes(atom.value);
    case 'hashtag':
      return doc.terms.has(`#${atom.value}`);
    case 'mention':
      return doc.terms.has(`@${atom.value}`);
    case 'from':
      return handle(doc.author) === atom.value;
    case 'to':
      return doc.replyTo >= 0 && handle(net.posts.author.get(doc.replyTo)) === atom.value;
    case 'lang':
      return LANGUAGE_CODES[net.accounts.language[doc.author]!] === atom.value;
    case 'is':
      if (atom.value === 'reply') return doc.replyTo >= 0;
      return atom.value === 'verified' && (net.accounts.flags[doc.author]! & AccountFlag.verified) !== 0;
    case 'has':
      if (atom.value === 'links') return doc.text.includes('http');
      return atom.value === 'hashtags'
        ? [...doc.terms].some((t) => t.startsWith('#'))
        : atom.value === 'mentions' && [...doc.terms].some((t) => t.startsWith('@'));
  }
}

function nodeMatches(net: Network, doc: Doc, node: QueryNode): boolean {
  switch (node.type) {
    case 'atom':
      return atomMatches(net, doc, node.atom);
    case 'not':
      return !nodeMatches(net, doc, node.child);
    case 'and':
      return node.children.every((c) => nodeMatches(net, doc, c));
    case 'or':
      return node.children.some((c) => nodeMatches(net, doc, c));
  }
}

/** Whether post `p` matches the query (computes its text once). */
export function postMatches(net: Network, p: number, node: QueryNode): boolean {
  const text = postContent(net, p).text.toLowerCase();
  const doc = {
    text,
    terms: textTerms(text),
    author: net.posts.author.get(p),
    replyTo: net.posts.replyTo.get(p),
  };
  return nodeMatches(net, doc, node);
}
