/** SPEC §9: truncation default 15 characters plus an ellipsis. */
export const TRUNCATE_DEFAULT = 15;

/**
 * The first `max` characters plus "…" when the text is longer than `max`; shorter text is
 * returned as is. Counts Unicode code points so emoji and surrogate pairs are never split, and
 * drops whitespace that would sit right before the ellipsis.
 */
export function truncate(text: string, max: number = TRUNCATE_DEFAULT): string {
  const chars = Array.from(text);
  const limit = Math.max(0, Math.floor(max));
  if (chars.length <= limit) return text;
  return `${chars.slice(0, limit).join('').trimEnd()}…`;
}
