/** SPEC §9: the four avatar tones. */
export const AVATAR_COLORS = ['info', 'warn', 'success', 'danger'] as const;
export type AvatarColor = (typeof AVATAR_COLORS)[number];

/** 32-bit FNV-1a: small, fast and the same on every platform. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * SPEC §9: the avatar's colour, chosen by a hash of the text, so a person keeps their colour
 * everywhere. Case and surrounding spaces do not change it.
 */
export function avatarColor(text: string | null | undefined): AvatarColor {
  return AVATAR_COLORS[hash((text ?? '').trim().toLowerCase()) % AVATAR_COLORS.length]!;
}
