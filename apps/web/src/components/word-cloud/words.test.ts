import { describe, expect, it } from 'vitest';
import { cloudWords, seededRandom } from './words';

describe('word cloud layout input', () => {
  it('orders words by share and sizes them by the square root of their share', () => {
    const words = cloudWords(
      [
        { label: 'music', share: 0.04 },
        { label: 'anime', share: 0.16 },
        { label: 'tokyo', share: 0.01 },
      ],
      { minSize: 10, maxSize: 50 },
    );
    expect(words.map((w) => w.text)).toEqual(['anime', 'music', 'tokyo']);
    // √(0.04/0.16) = 0.5 → halfway; √(0.01/0.16) = 0.25 → a quarter of the way.
    expect(words.map((w) => w.size)).toEqual([50, 30, 20]);
    expect(words[0]!.share).toBe(0.16);
  });

  it('drops empty words and zero shares, keeps one of each word and respects the limit', () => {
    const words = cloudWords(
      [
        { label: ' ', share: 0.3 },
        { label: 'zero', share: 0 },
        { label: '写真', share: 0.1 },
        { label: '写真', share: 0.2 },
        { label: 'cafe', share: 0.05 },
      ],
      { limit: 1 },
    );
    expect(words).toEqual([{ text: '写真', share: 0.2, size: 44 }]);
    expect(cloudWords([])).toEqual([]);
  });

  it('places words the same way every time (seeded randomness)', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});
