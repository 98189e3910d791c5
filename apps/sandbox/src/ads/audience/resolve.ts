import type { Network } from '../../network';
import type { AccountLookup } from '../account-lookup';
import { InvalidInput } from '../invalid-input';
import type { CustomAudience } from '../types';
import {
  AGE_BY_VALUE,
  GENDER_BY_VALUE,
  INTEREST_BY_VALUE,
  LANGUAGE_BY_VALUE,
  LOCATION_BY_VALUE,
  OPERATOR_BY_VALUE,
  PLATFORM_BY_VALUE,
  TITLE_BY_VALUE,
  TOPIC_BY_VALUE,
} from './catalogue-lookup';
import {
  NE_TYPES,
  canonicalType,
  isKeywordType,
  type Criterion,
  type TargetingType,
} from './targeting-types';

export interface ResolveContext {
  network: Network;
  lookup: AccountLookup;
  /** The ad account's own custom audiences only. */
  customAudience: (id: string) => CustomAudience | undefined;
}

export interface ResolvedCriterion extends Criterion {
  name: string;
  locationType: string | null;
}

/** X caps keywords at this many characters. */
const MAX_KEYWORD_LENGTH = 100;

const CATALOGUES: Partial<Record<TargetingType, ReadonlyMap<string, { name: string }>>> = {
  INTEREST: INTEREST_BY_VALUE,
  CONVERSATION: TOPIC_BY_VALUE,
  MOVIES_AND_TV_SHOWS: TITLE_BY_VALUE,
  LANGUAGE: LANGUAGE_BY_VALUE,
  NETWORK_OPERATOR: OPERATOR_BY_VALUE,
  PLATFORM: PLATFORM_BY_VALUE,
  AGE: AGE_BY_VALUE,
  GENDER: GENDER_BY_VALUE,
};

function nameOf(
  ctx: ResolveContext,
  type: TargetingType,
  value: string,
): Omit<ResolvedCriterion, 'type' | 'operator'> {
  const catalogue = CATALOGUES[type];
  if (catalogue) {
    const entry = catalogue.get(value);
    return entry ? { value, name: entry.name, locationType: null } : unknown(type, value);
  }
  if (type === 'LOCATION') {
    const entry = LOCATION_BY_VALUE.get(value);
    return entry ? { value, name: entry.name, locationType: entry.level } : unknown(type, value);
  }
  if (type === 'FOLLOWER_LOOK_ALIKES') {
    const account = ctx.lookup.find(value);
    if (account === undefined) return unknown(type, value);
    const { ids, handles } = ctx.network.accounts;
    return { value: ids[account]!.toString(), name: `@${handles[account]!}`, locationType: null };
  }
  if (type === 'CUSTOM_AUDIENCE') {
    const audience = ctx.customAudience(value);
    return audience && !audience.deleted
      ? { value, name: audience.name, locationType: null }
      : unknown(type, value);
  }
  const keyword = value.trim();
  if (!isKeywordType(type) || !keyword || keyword.length > MAX_KEYWORD_LENGTH)
    throw new InvalidInput(`Keywords must be 1–${MAX_KEYWORD_LENGTH} characters`, 'targeting_value');
  return { value: keyword, name: keyword, locationType: null };
}

function unknown(type: string, value: string): never {
  throw new InvalidInput(`${value} is not a valid ${type} targeting value`, 'targeting_value');
}

/**
 * Checks a targeting criterion the way X does before saving it or estimating with it: a known type,
 * a value that exists in its catalogue (or a resolvable handle, or one of the account's custom
 * audiences), NE only where it means exclusion. Returns it with the display name X shows.
 */
export function resolveCriterion(
  ctx: ResolveContext,
  rawType: unknown,
  rawValue: unknown,
  rawOperator: unknown = 'EQ',
): ResolvedCriterion {
  if (typeof rawType !== 'string' || !rawType)
    throw new InvalidInput('targeting_type is required', 'targeting_type');
  const type = canonicalType(rawType);
  if (!type) throw new InvalidInput(`Unsupported targeting_type ${rawType}`, 'targeting_type');
  if (typeof rawValue !== 'string' && typeof rawValue !== 'number')
    throw new InvalidInput('targeting_value is required', 'targeting_value');
  const operator = typeof rawOperator === 'string' ? rawOperator.toUpperCase() : 'EQ';
  if (operator !== 'EQ' && operator !== 'NE')
    throw new InvalidInput('operator_type must be EQ or NE', 'operator_type');
  if (operator === 'NE' && !NE_TYPES.has(type))
    throw new InvalidInput(`operator_type NE is not supported for ${type}`, 'operator_type');
  return { type, operator, ...nameOf(ctx, type, String(rawValue)) };
}
