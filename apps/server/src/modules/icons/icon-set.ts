import { createHash } from 'node:crypto';
import type { Icon, Iconography } from '@murmur/core/api';

/** A circle as a path (the set is paths only). */
const circle = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

/**
 * Murmur's icon set: simple stroked glyphs on a 24 × 24 grid, drawn for the targeting criteria and
 * the audience categories (no third-party icon font; the same shapes in the web app and anywhere an
 * <img> of /api/icons/ is used).
 */
const ICONS: Icon[] = [
  { name: 'hash', paths: ['M5 9h14', 'M5 15h14', 'M10 4L8 20', 'M16 4l-2 16'] },
  { name: 'at', paths: [circle(12, 12, 4), 'M16 8v5a3 3 0 0 0 6 0v-1a10 10 0 1 0-4 8'] },
  { name: 'heart', paths: ['M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.5A4 4 0 0 1 19 10c0 5.5-7 10-7 10z'] },
  { name: 'chat', paths: ['M4 5h16v11H9l-5 4z'] },
  {
    name: 'film',
    paths: ['M4 4h16v16H4z', 'M8 4v16', 'M16 4v16', 'M4 9h4', 'M4 15h4', 'M16 9h4', 'M16 15h4'],
  },
  { name: 'pin', paths: ['M12 21s-6-6-6-11a6 6 0 0 1 12 0c0 5-6 11-6 11z', circle(12, 10, 2)] },
  {
    name: 'language',
    paths: ['M4 5h10', 'M9 3v2', 'M12 5c-1 4-4 7-8 8', 'M6 9c1 2 3 3.5 5 4', 'M13 21l4-9 4 9', 'M14.5 18h5'],
  },
  {
    name: 'antenna',
    paths: [
      'M12 13v8',
      'M9 21h6',
      circle(12, 11, 1.5),
      'M8.5 7.5a5 5 0 0 0 0 7',
      'M15.5 7.5a5 5 0 0 1 0 7',
      'M5.6 4.6a9 9 0 0 0 0 12.8',
      'M18.4 4.6a9 9 0 0 1 0 12.8',
    ],
  },
  { name: 'layout', paths: ['M4 4h16v16H4z', 'M4 9h16', 'M10 9v11'] },
  { name: 'calendar', paths: ['M4 6h16v14H4z', 'M4 10h16', 'M8 3v4', 'M16 3v4'] },
  {
    name: 'users',
    paths: [
      circle(9, 8, 3),
      'M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6',
      'M16 5a3 3 0 0 1 0 6',
      'M18 14c1.8.8 3 2.6 3 6',
    ],
  },
  { name: 'list', paths: ['M9 6h11', 'M9 12h11', 'M9 18h11', 'M4 6h1', 'M4 12h1', 'M4 18h1'] },
  { name: 'flag', paths: ['M5 21V4', 'M5 4h11l-2 4 2 4H5'] },
  { name: 'car', paths: ['M5 16h14v-4l-2-5H7l-2 5z', 'M5 12h14', circle(8, 18, 1.5), circle(16, 18, 1.5)] },
  { name: 'sparkle', paths: ['M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2z'] },
  { name: 'briefcase', paths: ['M4 8h16v11H4z', 'M9 8V5h6v3', 'M4 13h16'] },
  { name: 'star', paths: ['M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z'] },
  { name: 'home', paths: ['M4 11l8-7 8 7', 'M6 9v11h12V9'] },
  {
    name: 'cup',
    paths: ['M5 8h11v6a5 5 0 0 1-5 5h-1a5 5 0 0 1-5-5z', 'M16 10h2a2 2 0 0 1 0 4h-2', 'M8 3v2', 'M12 3v2'],
  },
  {
    name: 'gamepad',
    paths: [
      'M6 8h12a4 4 0 0 1 0 8c-1.5 0-2.5-1-3-2H9c-.5 1-1.5 2-3 2a4 4 0 0 1 0-8z',
      'M8 10v4',
      'M6 12h4',
      'M16 11h.01',
      'M18 13h.01',
    ],
  },
  { name: 'pulse', paths: ['M3 12h4l3-7 4 14 3-7h4'] },
  { name: 'news', paths: ['M4 5h13v14H6a2 2 0 0 1-2-2z', 'M17 9h3v8a2 2 0 0 1-2 2', 'M8 9h5', 'M8 13h5'] },
  { name: 'flask', paths: ['M9 3h6', 'M10 3v6l-5 9a2 2 0 0 0 2 3h10a2 2 0 0 0 2-3l-5-9V3', 'M7 15h10'] },
  {
    name: 'ball',
    paths: [circle(12, 12, 9), 'M3 12h18', 'M12 3a14 14 0 0 1 0 18', 'M12 3a14 14 0 0 0 0 18'],
  },
  {
    name: 'chip',
    paths: [
      'M7 7h10v10H7z',
      'M10 3v4',
      'M14 3v4',
      'M10 17v4',
      'M14 17v4',
      'M3 10h4',
      'M3 14h4',
      'M17 10h4',
      'M17 14h4',
    ],
  },
  { name: 'plane', paths: ['M3 12l18-8-6 18-3-7z', 'M12 15l9-11'] },
  { name: 'ban', paths: [circle(12, 12, 9), 'M5.6 5.6l12.8 12.8'] },
  { name: 'tag', paths: ['M3 12V3h9l9 9-9 9z', 'M7.5 7.5h.01'] },
  { name: 'search', paths: [circle(11, 11, 7), 'M21 21l-5-5'] },
];

/** Targeting package field → icon (SPEC §3 targeting package). */
const CRITERIA: Record<string, string> = {
  // A keyword is a word, not a hashtag: the "#" is the hashtags' alone.
  keywords: 'search',
  hashtags: 'hash',
  handles: 'at',
  interests: 'heart',
  conversation_topics: 'chat',
  movies_tv_shows: 'film',
  locations: 'pin',
  countries: 'flag',
  languages: 'language',
  network_operators: 'antenna',
  placements: 'layout',
  age: 'calendar',
  gender: 'users',
  custom_audiences: 'list',
};

/** Audience category (the 14 seeded by migration 0001) → icon. */
const CATEGORIES: Record<string, string> = {
  Automotive: 'car',
  'Beauty & Fashion': 'sparkle',
  'Business & Finance': 'briefcase',
  Entertainment: 'star',
  'Family & Parenting': 'home',
  'Food & Drink': 'cup',
  Gaming: 'gamepad',
  'Health & Fitness': 'pulse',
  'News & Politics': 'news',
  'Science & Education': 'flask',
  Sports: 'ball',
  Technology: 'chip',
  Travel: 'plane',
  'Exclusion Audience': 'ban',
};

const body = {
  view_box: '0 0 24 24',
  stroke_width: 2,
  icons: ICONS,
  criteria: CRITERIA,
  categories: CATEGORIES,
  default_category: 'tag',
};

/** The whole set, versioned by its content (what /api/iconography/ answers). */
export const ICONOGRAPHY: Iconography = {
  version: createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 16),
  ...body,
};

const byName = new Map(ICONS.map((icon) => [icon.name, icon]));
export const iconNamed = (name: string): Icon | undefined => byName.get(name);

/** One icon as a standalone SVG document (what /api/icons/ answers). */
export function iconSvg(icon: Icon, options: { color?: string | undefined; size: number }): string {
  const paths = icon.paths.map((d) => `<path d="${d}"/>`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${options.size}" height="${options.size}" ` +
    `viewBox="${ICONOGRAPHY.view_box}" fill="none" stroke="${options.color ?? 'currentColor'}" ` +
    `stroke-width="${ICONOGRAPHY.stroke_width}" stroke-linecap="round" stroke-linejoin="round">` +
    `<title>${icon.name}</title>${paths}</svg>`
  );
}
