import { LEXICONS } from '../lexicon';
import type { Network } from '../network';
import { entityRng } from '../random/prng';
import { fill, sentenceCase } from './words';

/** A list's name and description in its owner's language, about the list's interest category. */
export function listText(net: Network, l: number): { name: string; description: string } {
  const { lists, accounts } = net;
  const owner = lists.owner[l]!;
  const lex = LEXICONS[accounts.language[owner]!]!;
  const rng = entityRng(lists.seed[l]!);
  const words = lex.words[lists.category[l]!]!;
  const topic = rng.pick(words);
  const name = sentenceCase(fill(rng.pick(lex.list), { a: topic }), lex.code).slice(0, 25); // X: names ≤ 25 chars
  const description = rng.chance(0.5) ? '' : [topic, rng.pick(words), rng.pick(words)].join(' · ');
  return { name, description };
}
