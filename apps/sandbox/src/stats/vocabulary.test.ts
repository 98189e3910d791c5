import { describe, expect, it } from 'vitest';
import { generateNetwork } from '../generate/network';
import { postVocabulary } from './vocabulary';

describe('vocabulary of posts', () => {
  // 20 000 accounts and four weeks: about 100 000 posts, 45 % English. sandbox:stats measures the
  // same at 100 000 and 1 000 000 accounts (150 000 posts sampled), where Spanish clears 5 000 too.
  const net = generateNetwork({ accounts: 20_000, seed: 'vocabulary', historyDays: 28 });
  const vocabulary = postVocabulary(net);
  const words = (language: string): number => vocabulary.find((v) => v.language === language)!.words;

  it('has thousands of distinct words in each major language', () => {
    expect(words('en')).toBeGreaterThanOrEqual(5000);
    expect(words('ja')).toBeGreaterThanOrEqual(5000);
    expect(words('es')).toBeGreaterThanOrEqual(4500);
  });
});
