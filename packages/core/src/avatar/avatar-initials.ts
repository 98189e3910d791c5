/**
 * SPEC §9: two uppercase initials — the first letters of the first two words, or the first two
 * letters of a single word. An email address uses its local part ("ann.lee@x.com" → "AL"), a
 * leading "@" of a handle is ignored, words are runs of letters or digits; nothing → "?".
 */
export function avatarInitials(text: string | null | undefined): string {
  let source = (text ?? '').trim();
  const at = source.indexOf('@');
  if (at > 0) source = source.slice(0, at);
  const words = source.match(/[\p{L}\p{N}]+/gu) ?? [];
  const [first, second] = words.map((word) => Array.from(word));
  if (!first) return '?';
  const initials = second ? [first[0], second[0]] : first.slice(0, 2);
  return initials.join('').toUpperCase();
}
