import { LANGUAGE_CODES } from '@murmur/core/x-catalogue';
import { LEXICONS } from '../lexicon';
import { AccountKind } from '../model/accounts';
import type { Network } from '../network';
import { entityRng } from '../random/prng';
import { TEXT_SALT } from './bio';
import { GRAMMARS, fillGrammar } from './grammar';
import { fill, hashtagOf, interestWords, pickEmoji, sentenceCase, shortLink } from './words';

const mentionFree = new WeakMap<readonly string[], readonly string[]>();

/** The templates without a {mention} slot (computed once per template list). */
function withoutMention(templates: readonly string[]): readonly string[] {
  let free = mentionFree.get(templates);
  if (!free) mentionFree.set(templates, (free = templates.filter((t) => !t.includes('{mention}'))));
  return free;
}

export interface PostContent {
  text: string;
  hashtags: string[];
  /** Account numbers @mentioned, in order. */
  mentions: number[];
}

/**
 * A post's text, in its author's language and about the author's interests, with hashtags and the
 * stored @mention. Pure function of the post's seed: spam bots reuse their account seed, so their
 * bursts repeat the same text word for word. Replies start with the @handle they answer, as on X.
 */
export function postContent(net: Network, post: number): PostContent {
  const { posts, accounts: a } = net;
  const author = posts.author.get(post);
  const lex = LEXICONS[a.language[author]!]!;
  const rng = entityRng(posts.seed.get(post), TEXT_SALT.post);
  const mention = posts.mention.get(post);
  const replyTo = posts.replyTo.get(post);
  const categories: number[] = [];
  const [w1 = '', w2 = ''] = interestWords(a, author, rng, 2, categories);
  const category = categories[0] ?? 0;
  const tags = [hashtagOf(w1), hashtagOf(w2)];
  const handle = mention >= 0 ? `@${a.handles[mention]!}` : '';
  const spam = a.kind[author] === AccountKind.spam;
  // People in the major languages write from a grammar over thousands of words (./grammar);
  // spam keeps its few canned lines, and so do the languages without a grammar yet.
  const grammar = spam ? undefined : GRAMMARS[LANGUAGE_CODES[a.language[author]!]!];
  let text: string;
  let hashtags: string[] = [];
  if (replyTo >= 0) {
    const slots = { a: w1, emoji: pickEmoji(rng) };
    text = grammar
      ? `${handle} ${fillGrammar(grammar, rng.pick(grammar.reply), rng, category, slots)}`
      : `${handle} ${fill(rng.pick(lex.reply), slots)}`;
  } else {
    const frames = grammar ? grammar.post : spam ? lex.spamPost : lex.post;
    // Templates that address someone need a mention; without one, pick among the others.
    const templates = spam || handle ? frames : withoutMention(frames);
    const template = rng.pick(templates);
    hashtags = [
      template.includes('{tag}') ? tags[0]! : '',
      template.includes('{tag2}') ? tags[1]! : '',
    ].filter(Boolean);
    const slots = {
      a: w1,
      b: w2,
      tag: tags[0]!,
      tag2: tags[1]!,
      mention: handle,
      emoji: pickEmoji(rng),
      link: shortLink(rng),
    };
    text = sentenceCase(
      grammar ? fillGrammar(grammar, template, rng, category, slots) : fill(template, slots),
      LANGUAGE_CODES[a.language[author]!],
    );
    // The stored mention is part of the post even when the template has no slot for it.
    if (handle && !template.includes('{mention}')) text = `${text} ${handle}`;
  }
  return { text: text.trim(), hashtags, mentions: mention >= 0 ? [mention] : [] };
}
