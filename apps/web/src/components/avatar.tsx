import { Avatar as MantineAvatar, type MantineSize } from '@mantine/core';
import { avatarColor, avatarInitials } from '@murmur/core/avatar';

export interface AvatarProps {
  /** The text the initials and the colour are derived from (a team or a person's name). */
  name: string;
  size?: MantineSize | number;
}

/** SPEC §9: the four avatar tones mapped onto Mantine's palette. */
const TONE_COLOURS = { info: 'blue', warn: 'orange', success: 'teal', danger: 'red' } as const;

/** Two uppercase initials on a colour picked by a hash of the name (SPEC §9). */
export function Avatar({ name, size = 'md' }: AvatarProps) {
  const tone = avatarColor(name);
  return (
    <MantineAvatar
      size={size}
      color={TONE_COLOURS[tone]}
      variant="light"
      radius={999}
      aria-hidden="true"
      data-tone={tone}
      // The light variant's own text shade is below 4.5:1 on its tint for orange and teal (axe):
      // the tone stays in the background, the initials are dark.
      styles={{ placeholder: { color: 'var(--mantine-color-dark-7)' } }}
    >
      {avatarInitials(name)}
    </MantineAvatar>
  );
}
