import { fnv1a } from '../hash';

/** SPEC §9: the four avatar tones. */
export const AVATAR_COLORS = ['info', 'warn', 'success', 'danger'] as const;
export type AvatarColor = (typeof AVATAR_COLORS)[number];

/**
 * SPEC §9: the avatar's colour, chosen by a hash of the text, so a person keeps their colour
 * everywhere. Case and surrounding spaces do not change it.
 */
export function avatarColor(text: string | null | undefined): AvatarColor {
  return AVATAR_COLORS[fnv1a((text ?? '').trim().toLowerCase()) % AVATAR_COLORS.length]!;
}
