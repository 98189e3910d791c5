import { JOB_TITLES, NO_JOB } from '@murmur/core/x-catalogue';
import { CITIES, COUNTRIES, REGIONS } from '@murmur/core/x-catalogue';
import { LANGUAGE_CODES } from '@murmur/core/x-catalogue';
import { LEXICONS } from '../lexicon';
import { catalogueLocationText, LocationMode } from '../model/location-text';
import { AccountKind, type AccountTable } from '../model/accounts';
import { entityRng, type Rng } from '../random/prng';
import { GRAMMARS, fillGrammar } from './grammar';
import { BRAND_BIO, MEDIA_BIO } from './organisation-bio';
import { fill, interestWords, pickEmoji, placeName, sentenceCase, shortLink } from './words';

/** Salts for the per-account text generators, so bio, location and avatar draw independently. */
export const TEXT_SALT = { bio: 1, location: 2, avatar: 3, post: 4 } as const;

/**
 * The account's bio, in its language, from its job title and interests. Spam has no bio or a spammy
 * one with a link; organisations describe what they do and link their site. Derived from the
 * account's seed, so it is the same every time and costs no memory.
 */
export function bioOf(a: AccountTable, i: number, revision = a.revision[i] ?? 0): string {
  // Each profile edit draws the bio again (revision 0 is the generated one).
  const rng = entityRng((a.seed[i]! + Math.imul(revision, 0x9e3779b1)) >>> 0, TEXT_SALT.bio);
  const language = a.language[i]!;
  const lex = LEXICONS[language]!;
  const kind = a.kind[i];
  if (kind === AccountKind.spam)
    return rng.chance(0.55) ? '' : fill(rng.pick(lex.spamBio), { link: shortLink(rng) });
  if (kind === AccountKind.person && rng.chance(0.12)) return '';
  if (kind === AccountKind.brand || kind === AccountKind.media) return organisationBio(a, i, rng);
  const job = a.job[i]!;
  const grammar = GRAMMARS[LANGUAGE_CODES[language]!];
  // Half the bios in the major languages come from the grammar (./grammar), the rest from the
  // lexicon's templates.
  const frames = grammar && rng.chance(0.5) ? grammar.bio : lex.bio;
  const templates = job === NO_JOB ? frames.filter((t) => !t.includes('{job}')) : frames;
  const categories: number[] = [];
  const [w1 = '', w2 = '', w3 = ''] = interestWords(a, i, rng, 3, categories);
  const city = CITIES[a.city[i]!]!;
  const slots = {
    job: job === NO_JOB ? '' : JOB_TITLES[job]!.text[LANGUAGE_CODES[language]!],
    a: w1,
    b: w2,
    c: w3,
    city: placeName(city.name, city.localName, LANGUAGE_CODES[language]!),
    emoji: pickEmoji(rng),
  };
  const template = rng.pick(templates);
  const text =
    frames === lex.bio
      ? fill(template, slots)
      : fillGrammar(grammar!, template, rng, categories[0] ?? 0, slots);
  return sentenceCase(text, LANGUAGE_CODES[language]);
}

/** A brand's or news outlet's bio: it speaks as an organisation and links its site. */
function organisationBio(a: AccountTable, i: number, rng: Rng): string {
  const code = LANGUAGE_CODES[a.language[i]!]!;
  const templates = (a.kind[i] === AccountKind.media ? MEDIA_BIO : BRAND_BIO)[code];
  const [w1 = '', w2 = ''] = interestWords(a, i, rng, 2);
  const city = CITIES[a.city[i]!]!;
  const text = fill(rng.pick(templates), {
    name: a.names[i]!,
    a: w1,
    b: w2,
    city: placeName(city.name, city.localName, code),
  });
  return `${sentenceCase(text, code)} · ${a.handles[i]!.toLowerCase()}.example`;
}

/**
 * Free-text location as people type it: often the city, sometimes with region or country, in the
 * local script when the account writes in the local language; some leave it empty or joke.
 */
export function locationOf(a: AccountTable, i: number, mode = a.locationMode[i] ?? 0): string {
  if (mode !== LocationMode.generated) return catalogueLocationText(a, i);
  const rng = entityRng(a.seed[i]!, TEXT_SALT.location);
  const city = CITIES[a.city[i]!]!;
  const region = REGIONS[a.region[i]!]!;
  const country = COUNTRIES[a.country[i]!]!;
  const language = LANGUAGE_CODES[a.language[i]!]!;
  const cityName = placeName(city.name, city.localName, language);
  const regionName = placeName(region.name, region.localName, language);
  const r = rng.float();
  if (r < 0.15) return '';
  if (r < 0.5) return cityName;
  if (r < 0.65) return `${cityName}, ${regionName}`;
  if (r < 0.8) return `${cityName}, ${placeName(country.name, country.localName, language)}`;
  if (r < 0.9) return regionName;
  if (r < 0.96) return `📍 ${cityName}`;
  return rng.pick(['🌍', 'Earth', 'somewhere', 'Internet', '☁️']);
}
