import { describe, expect, it } from 'vitest';
import { sentimentOf } from './sentiment';

describe('lexicon sentiment', () => {
  it.each([
    ['I love this new album, best thing this year!', 'positive'],
    ['Spent the whole weekend on hiking. No regrets 🙂', 'positive'],
    ['This update is terrible and the app is broken.', 'negative'],
    ['Honestly not good at all.', 'negative'],
    ['Not bad, actually.', 'positive'],
    ['Reading up on gardening before tomorrow. #garden', 'neutral'],
  ])('English: %s → %s', (text, expected) => {
    expect(sentimentOf(text).sentiment).toBe(expected);
  });

  it.each([
    ['アニメ、最高すぎる… #アニメ', 'positive'],
    ['今日のライブ、本当に楽しかった！ありがとう', 'positive'],
    ['新作は最悪だった。がっかり', 'negative'],
    ['この味は好きじゃない', 'negative'],
    ['悪くないね', 'positive'],
    ['週末は読書について考えてる', 'neutral'],
  ])('Japanese: %s → %s', (text, expected) => {
    expect(sentimentOf(text).sentiment).toBe(expected);
  });

  it('scores between -1 and 1 by the balance of hits', () => {
    expect(sentimentOf('great but sad').score).toBe(0);
    expect(sentimentOf('I love it').score).toBe(1);
    expect(sentimentOf('最悪').score).toBe(-1);
    expect(sentimentOf('nothing here').score).toBe(0);
  });
});
