import { LEXICONS } from '../lexicon';
import { AccountKind } from '../model/accounts';
import type { Network } from '../network';
import { entityRng } from '../random/prng';
import { TEXT_SALT } from './bio';
import { fill, hashtagOf, interestWords, pickEmoji, sentenceCase, shortLink } from './words';

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
  const [w1 = '', w2 = ''] = interestWords(a, author, rng, 2);
  const tags = [hashtagOf(w1), hashtagOf(w2)];
  const handle = mention >= 0 ? `@${a.handles[mention]!}` : '';
  let text: string;
  let hashtags: string[] = [];
  if (replyTo >= 0) {
    text = `${handle} ${fill(rng.pick(lex.reply), { a: w1, emoji: pickEmoji(rng) })}`;
  } else {
    const spam = a.kind[author] === AccountKind.spam;
    // Templates that address someone need a mention; without one, pick among the others.
    const templates = spam
      ? lex.spamPost
      : handle
        ? lex.post
        : lex.post.filter((t) => !t.includes('{mention}'));
    const template = rng.pick(templates);
    hashtags = [
      template.includes('{tag}') ? tags[0]! : '',
      template.includes('{tag2}') ? tags[1]! : '',
    ].filter(Boolean);
    text = sentenceCase(
      fill(template, {
        a: w1,
        b: w2,
        tag: tags[0]!,
        tag2: tags[1]!,
        mention: handle,
        emoji: pickEmoji(rng),
        link: shortLink(rng),
      }),
    );
    // The stored mention is part of the post even when the template has no slot for it.
    if (handle && !template.includes('{mention}')) text = `${text} ${handle}`;
  }
  return { text: text.trim(), hashtags, mentions: mention >= 0 ? [mention] : [] };
}
