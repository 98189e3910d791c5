import { INTERESTS } from '@murmur/core/x-catalogue';
import { COUNTRIES } from '@murmur/core/x-catalogue';
import { LEXICONS, asciiFold, type Lexicon } from '../lexicon';
import { NAMES_BY_COUNTRY, type CountryName } from '../lexicon/names';
import { AccountKind, Gender } from '../model/accounts';
import type { Rng } from '../random/prng';

/** Invented brand stems: the sandbox holds no real company names. */
// prettier-ignore
const BRAND_STEMS = [
  'Nimbus', 'Kiro', 'Solace', 'Vanta', 'Orbit', 'Maple', 'Tanuki', 'Luma', 'Atlas', 'Verde', 'Nova', 'Kumo',
  'Sora', 'Brisa', 'Halo', 'Pico', 'Zenith', 'Aurora', 'Cobalt', 'Juniper', 'Lumen', 'Mosaic', 'Pioneer',
  'Quill', 'Rivet', 'Summit', 'Tidal', 'Umbra', 'Vela', 'Willow', 'Yuzu', 'Zephyr', 'Acorn', 'Beacon',
  'Cedar', 'Delta', 'Ember', 'Fable', 'Granite', 'Harbor', 'Indigo', 'Jasper', 'Kestrel', 'Lotus',
  'Meridian', 'Nectar', 'Opal', 'Prism',
];

export interface Identity {
  name: string;
  handle: string;
}

const MAX_HANDLE = 15;
const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
// Romanised names are already ASCII (see lexicon/index.ts); this only drops spaces and punctuation.
const handleSafe = (s: string): string => s.replace(/[^A-Za-z0-9_]/g, '');

/**
 * Display name and @handle. People get name-based handles in the styles X users pick; spam gets X's
 * default style (first name + 8 digits); brands and media get a stem and what they sell or cover.
 */
export function drawIdentity(
  rng: Rng,
  taken: Set<string>,
  kind: number,
  language: number,
  nameGender: number,
  interests: readonly number[],
  country: number,
): Identity {
  const lex = LEXICONS[language]!;
  const { given, family } = drawName(rng, lex, nameGender, country);
  let name = lex.familyFirst
    ? `${family.native}${lex.nameSeparator}${given.native}`
    : `${given.native}${lex.nameSeparator}${family.native}`;
  let candidate: string;
  switch (kind) {
    case AccountKind.spam:
      candidate = capital(given.roman).slice(0, 7) + String(rng.range(10_000_000, 99_999_999));
      if (rng.chance(0.5)) name = given.native;
      break;
    case AccountKind.brand:
    case AccountKind.media: {
      // The handle spells the display name (in Latin letters where the name is not).
      const stem = rng.pick(BRAND_STEMS);
      const category = INTERESTS[interests[0] ?? 0]!.category;
      // Brands in non-Latin scripts often carry a Latin name; they do here, so the handle matches.
      const native = rng.pick(lex.words[category]!);
      const word = isLatin(native) ? native : rng.pick(LEXICONS[0]!.words[category]!);
      name = `${stem} ${kind === AccountKind.media ? lex.news : titleCase(word)}`;
      const suffix = kind === AccountKind.media ? 'News' : titleCase(asciiFold(word));
      const code = COUNTRIES[country]!.code;
      candidate = rng.chance(0.5) ? `${stem}${suffix}` : `${stem}${suffix}${code}`;
      break;
    }
    default:
      candidate = personHandle(rng, given.roman, family.roman, kind === AccountKind.creator);
      if (rng.chance(0.15)) name = rng.chance(0.5) ? given.native : `${given.native} ${rng.pick(EMOJI)}`;
  }
  return { name, handle: unique(rng, taken, handleSafe(candidate).slice(0, MAX_HANDLE)) };
}

const isLatin = (text: string): boolean => /^[\x20-\x7e]*$/.test(asciiFold(text));
const titleCase = (text: string): string => text.split(' ').map(capital).join(' ');

interface DrawnName {
  given: { native: string; roman: string };
  family: { native: string; roman: string };
}

/**
 * A person's name: from the country's own table where there is one (an Indian account is named
 * like an Indian, whatever language it writes), shown in the account's script (Arabic when it
 * writes Arabic, Latin letters otherwise); from the language's names elsewhere, and always for
 * Japanese and Korean writers.
 */
function drawName(rng: Rng, lex: Lexicon, nameGender: number, country: number): DrawnName {
  const table =
    lex.code === 'ja' || lex.code === 'ko' ? undefined : NAMES_BY_COUNTRY.get(COUNTRIES[country]!.code);
  if (!table) {
    return {
      given: rng.pick(nameGender === Gender.female ? lex.female : lex.male),
      family: rng.pick(lex.family),
    };
  }
  const script = lex.code === 'ar' ? 'native' : 'latin';
  const shown = (name: CountryName) => ({ native: name[script], roman: name.roman });
  return {
    given: shown(rng.pick(nameGender === Gender.female ? table.female : table.male)),
    family: shown(rng.pick(table.family)),
  };
}

const EMOJI = ['✨', '🌸', '⚽', '🎮', '📚', '☕', '🌙', '🔥', '🍜', '🎧'];

function personHandle(rng: Rng, given: string, family: string, creator: boolean): string {
  if (creator && rng.chance(0.6)) {
    return rng.pick([`${given}tv`, `${given}_official`, `real${given}${family}`, `${given}${family}`]);
  }
  // Most X handles carry digits; drawing them up front also keeps collisions (and retries) rare.
  switch (rng.int(8)) {
    case 0:
      return `${given}${family}`;
    case 1:
      return `${given}_${family}${rng.range(1, 99)}`;
    case 2:
      return `${given}${family}${rng.range(1, 9999)}`;
    case 3:
      return `${given.charAt(0)}${family}${rng.range(1, 999)}`;
    case 4:
      return `${family}_${given}${rng.range(1, 99)}`;
    case 5:
      return `${given}${rng.range(1960, 2010)}`;
    case 6:
      return `the${given}${rng.range(1, 999)}`;
    default:
      return `${given}_${rng.range(100, 99999)}`;
  }
}

/** Handles are unique case-insensitively, like X's. */
function unique(rng: Rng, taken: Set<string>, base: string): string {
  let handle = base.length >= 4 ? base : `${base}${rng.range(1000, 9999)}`;
  while (taken.has(handle.toLowerCase())) {
    const digits = String(rng.range(1, 9999));
    handle = handle.slice(0, MAX_HANDLE - digits.length - 1) + '_' + digits;
  }
  taken.add(handle.toLowerCase());
  return handle;
}
