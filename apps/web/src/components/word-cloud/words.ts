/** A word for the cloud: its text, font size in px and the share behind it. */
export interface CloudWord {
  text: string;
  size: number;
  share: number;
}

export interface CloudWordsOptions {
  minSize?: number;
  maxSize?: number;
  /** At most this many words (the largest shares). */
  limit?: number;
}

/**
 * The layout's input: the words by share, largest first, each sized between minSize and maxSize px
 * by the square root of its share relative to the largest (so area, not height, follows the share).
 * Empty texts and zero shares are left out; a repeated word keeps its largest share.
 */
export function cloudWords(
  items: readonly { label: string; share: number }[],
  { minSize = 12, maxSize = 44, limit = 60 }: CloudWordsOptions = {},
): CloudWord[] {
  const best = new Map<string, number>();
  for (const { label, share } of items) {
    const text = label.trim();
    if (text === '' || !(share > 0)) continue;
    best.set(text, Math.max(share, best.get(text) ?? 0));
  }
  const sorted = [...best].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit);
  const max = sorted[0]?.[1] ?? 0;
  return sorted.map(([text, share]) => ({
    text,
    share,
    size: Math.round(minSize + (maxSize - minSize) * Math.sqrt(share / max)),
  }));
}

/** A small seeded generator (mulberry32), so the same words always land in the same places. */
export const seededRandom = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};
