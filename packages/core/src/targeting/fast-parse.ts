import { AGES, AGE_BANDS, PLACEMENTS, type Placement } from './enums';
import { normaliseAge, normaliseGender } from './normalise';
import type { CustomAudienceItem, LabelItem, TargetingPackage, TermItem } from './targeting-package';

/**
 * targetingPackageSchema's parse without zod, for the serving path (every estimate's body): the same
 * value as `targetingPackageSchema.parse(input)` — same keys in the same order, strings trimmed,
 * missing lists as new empty arrays, unknown keys dropped, ages and genders normalised — or
 * `undefined` whenever zod would refuse the input or the input is anything this check does not
 * cover. The caller then parses with zod, which gives the error messages (SPEC §8). It never accepts
 * what zod refuses: targeting-package.test.ts compares the two on a corpus of valid and invalid packages.
 */
export function parseTargetingPackageFast(input: unknown): TargetingPackage | undefined {
  if (!isPlainObject(input)) return undefined;
  const keywords = list(input.keywords, termItem);
  if (keywords === undefined) return undefined;
  const handles = list(input.handles, termItem);
  if (handles === undefined) return undefined;
  const hashtags = list(input.hashtags, termItem);
  if (hashtags === undefined) return undefined;
  const languages = list(input.languages, labelItem);
  if (languages === undefined) return undefined;
  const network_operators = list(input.network_operators, labelItem);
  if (network_operators === undefined) return undefined;
  const interests = list(input.interests, labelItem);
  if (interests === undefined) return undefined;
  const conversation_topics = list(input.conversation_topics, labelItem);
  if (conversation_topics === undefined) return undefined;
  const movies_tv_shows = list(input.movies_tv_shows, labelItem);
  if (movies_tv_shows === undefined) return undefined;
  const placements = list(input.placements, placement);
  if (placements === undefined) return undefined;
  const age = list(input.age, ageItem);
  if (age === undefined) return undefined;
  const gender = list(input.gender, normaliseGender);
  if (gender === undefined) return undefined;
  const custom_audiences = list(input.custom_audiences, customAudienceItem);
  if (custom_audiences === undefined) return undefined;
  const locations = list(input.locations, labelItem);
  if (locations === undefined) return undefined;
  const countries = list(input.countries, labelItem);
  if (countries === undefined) return undefined;
  return {
    keywords,
    handles,
    hashtags,
    languages,
    network_operators,
    interests,
    conversation_topics,
    movies_tv_shows,
    placements,
    age,
    gender,
    custom_audiences,
    locations,
    countries,
  };
}

// The bounds of targeting-package.ts (kept equal by the comparison test).
const MAX_ITEMS = 2000;
const MAX_TEXT = 500;
const MAX_ID = 200;

/** An object as JSON.parse makes one (zod accepts any non-array object; other kinds are left to it). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** `z.array(item).max(MAX_ITEMS).default([])`; undefined when the list or any item fails. */
function list<T>(value: unknown, item: (v: unknown) => T | undefined): T[] | undefined {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_ITEMS) return undefined;
  const out: T[] = new Array<T>(value.length);
  for (let i = 0; i < value.length; i++) {
    const parsed = item(value[i]);
    if (parsed === undefined) return undefined;
    out[i] = parsed;
  }
  return out;
}

/** `z.string().trim().min(1).max(500)`: the trimmed string, or undefined. */
function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed.length >= 1 && trimmed.length <= MAX_TEXT ? trimmed : undefined;
}

/** `z.union([z.string().max(200), z.number()])`; `fail` when it is neither. */
function itemId(value: unknown): string | number | typeof fail {
  if (typeof value === 'string') return value.length <= MAX_ID ? value : fail;
  if (typeof value === 'number') return Number.isFinite(value) ? value : fail;
  return fail;
}
const fail = Symbol('fail');

function termItem(value: unknown): TermItem | undefined {
  if (!isPlainObject(value)) return undefined;
  const { label, handle, deselected } = value;
  const item: TermItem = {};
  if (label !== undefined) {
    const parsed = text(label);
    if (parsed === undefined) return undefined;
    item.label = parsed;
  }
  if (handle !== undefined) {
    const parsed = text(handle);
    if (parsed === undefined) return undefined;
    item.handle = parsed;
  }
  if (deselected !== undefined) {
    if (typeof deselected !== 'boolean') return undefined;
    item.deselected = deselected;
  }
  // The schema's refine: an item needs a label or a handle.
  return item.label !== undefined || item.handle !== undefined ? item : undefined;
}

function labelItem(value: unknown): LabelItem | undefined {
  if (!isPlainObject(value)) return undefined;
  const { id, deselected } = value;
  const label = text(value.label);
  if (label === undefined) return undefined;
  const item: LabelItem = { label };
  if (id !== undefined) {
    const parsed = itemId(id);
    if (parsed === fail) return undefined;
    item.id = parsed;
  }
  if (deselected !== undefined) {
    if (typeof deselected !== 'boolean') return undefined;
    item.deselected = deselected;
  }
  return item;
}

function customAudienceItem(value: unknown): CustomAudienceItem | undefined {
  if (!isPlainObject(value)) return undefined;
  const name = text(value.name);
  if (name === undefined) return undefined;
  const item: CustomAudienceItem = { name };
  if (value.id !== undefined) {
    const parsed = itemId(value.id);
    if (parsed === fail) return undefined;
    item.id = parsed;
  }
  return item;
}

const PLACEMENT_SET: ReadonlySet<unknown> = new Set(PLACEMENTS);
const placement = (value: unknown): Placement | undefined =>
  PLACEMENT_SET.has(value) ? (value as Placement) : undefined;

const AGE_VALUES: ReadonlySet<string> = new Set([...AGES, ...AGE_BANDS]);
/** The age codec: the normalised value when it is in the enumeration (SPEC §5), else undefined. */
function ageItem(value: unknown): TargetingPackage['age'][number] | undefined {
  const age = normaliseAge(value);
  return age !== undefined && AGE_VALUES.has(age) ? age : undefined;
}
