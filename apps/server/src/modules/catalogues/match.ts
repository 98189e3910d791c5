const fold = (s: string): string => s.normalize('NFKC').trim().toLowerCase();
const words = (s: string): string[] => s.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * How well a catalogue label matches what the user typed, 0 for no match. In order: the whole label
 * (100), a part of a "Category/Subcategory" or "Place, Region, CC" label (90), the label's start
 * (80), a part's start (70), a word's start (60), anywhere in the label (40), every typed word
 * somewhere (30). Ties are broken by the caller (by size).
 */
export function matchScore(label: string, query: string): number {
  const q = fold(query);
  if (!q) return 0;
  const l = fold(label);
  const parts = l.split(/\s*[/,]\s*/).filter(Boolean);
  if (l === q) return 100;
  if (parts.includes(q)) return 90;
  if (l.startsWith(q)) return 80;
  if (parts.some((p) => p.startsWith(q))) return 70;
  if (words(l).some((w) => w.startsWith(q))) return 60;
  if (l.includes(q)) return 40;
  const typed = words(q);
  return typed.length > 1 && typed.every((w) => l.includes(w)) ? 30 : 0;
}

/** Items matching `query`, best first, then largest first; at most `limit`. */
export function rankMatches<T extends { label: string; size: number }>(
  items: readonly T[],
  query: string,
  limit: number,
): T[] {
  return items
    .map((item) => ({ item, score: matchScore(item.label, query) }))
    .filter((m) => m.score > 0)
    .sort(
      (a, b) => b.score - a.score || b.item.size - a.item.size || a.item.label.localeCompare(b.item.label),
    )
    .slice(0, limit)
    .map((m) => m.item);
}
