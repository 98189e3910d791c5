import type { AccountAvatar } from '@murmur/core/export';
import { AccountFlag, AccountKind, type AccountTable } from '../model/accounts';
import { entityRng } from '../random/prng';
import { TEXT_SALT } from './bio';

/**
 * An avatar without images or URLs: initials on a coloured shape, or X's default silhouette for
 * accounts that never uploaded one (a spam tell). `avatarSvg` renders it as a data-URI SVG.
 * The export carries it as it is, so its type is @murmur/core/export's.
 */
export type Avatar = AccountAvatar;

// Brand and media accounts use squares on X; people use circles.
const BACKGROUNDS = ['#1d9bf0', '#794bc4', '#f91880', '#ff7a00', '#00ba7c', '#ffd400', '#536471', '#0f1419'];

function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const letters = words.slice(0, 2).map((w) => [...w][0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

export function avatarOf(a: AccountTable, i: number): Avatar {
  if (a.flags[i]! & AccountFlag.defaultAvatar) return { kind: 'default' };
  const rng = entityRng(a.seed[i]!, TEXT_SALT.avatar);
  const background = rng.pick(BACKGROUNDS);
  return {
    kind: 'initials',
    initials: initialsOf(a.names[i]!),
    background,
    foreground: background === '#ffd400' ? '#0f1419' : '#ffffff',
    shape: a.kind[i] === AccountKind.brand || a.kind[i] === AccountKind.media ? 'square' : 'circle',
  };
}

const escapeXml = (s: string): string =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** The avatar as a 400×400 SVG data URI (X's profile image size). */
export function avatarSvg(avatar: Avatar): string {
  const svg =
    avatar.kind === 'default'
      ? '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400"><rect width="400" height="400" fill="#cfd9de"/>' +
        '<circle cx="200" cy="160" r="70" fill="#8899a6"/><path d="M70 400a130 120 0 0 1 260 0z" fill="#8899a6"/></svg>'
      : '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400">' +
        (avatar.shape === 'circle'
          ? `<circle cx="200" cy="200" r="200" fill="${avatar.background}"/>`
          : `<rect width="400" height="400" rx="40" fill="${avatar.background}"/>`) +
        `<text x="200" y="200" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="160" ` +
        `fill="${avatar.foreground}">${escapeXml(avatar.initials)}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
