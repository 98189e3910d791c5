import { CITIES, COUNTRIES, METROS, REGIONS } from '@murmur/core/x-catalogue';
import { LANGUAGES } from '@murmur/core/x-catalogue';
import { NETWORK_OPERATORS } from '@murmur/core/x-catalogue';
import { PLATFORMS } from '@murmur/core/x-catalogue';
import { AGE_BANDS } from '../../model/accounts';
import type { Network } from '../../network';
import type { AccountLookup } from '../account-lookup';
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
  type LocationLevel,
} from './catalogue-lookup';
import { emptySelector, mark, markFlags, type Selector } from './selector';
import { isKeywordType, type Criterion } from './targeting-types';
import { KeywordTextIndex } from './text-index';

/** Flags per catalogue entry for each facet; null means the facet is not used (everyone passes). */
export interface CompiledAudience {
  primary: Selector | null;
  exclude: Selector | null;
  location: Record<LocationLevel, Uint8Array> | null;
  language: Uint8Array | null;
  age: Uint8Array | null;
  gender: Uint8Array | null;
  operator: Uint8Array | null;
  platform: Uint8Array | null;
}

export interface CompileContext {
  network: Network;
  lookup: AccountLookup;
  /** Current members of one of the account's custom audiences (empty when unknown). */
  members: (customAudienceId: string) => Iterable<number>;
}

type FlagFacet = 'language' | 'age' | 'gender' | 'operator' | 'platform';

const FACET_SIZES: Record<FlagFacet, number> = {
  language: LANGUAGES.length,
  age: AGE_BANDS.length,
  gender: 3,
  operator: NETWORK_OPERATORS.length,
  platform: PLATFORMS.length,
};

function addToSelector(ctx: CompileContext, selector: Selector, c: Criterion): void {
  const accounts = ctx.network.accounts.count;
  const flagOf = (map: ReadonlyMap<string, { index: number }>, flags: Uint8Array): void => {
    const entry = map.get(c.value);
    if (entry) flags[entry.index] = 1;
    selector.empty = false;
  };
  if (c.type === 'INTEREST') flagOf(INTEREST_BY_VALUE, selector.interests);
  else if (c.type === 'CONVERSATION') flagOf(TOPIC_BY_VALUE, selector.topics);
  else if (c.type === 'MOVIES_AND_TV_SHOWS') flagOf(TITLE_BY_VALUE, selector.movies);
  else if (c.type === 'CUSTOM_AUDIENCE') mark(selector, accounts, ctx.members(c.value));
  else if (c.type === 'FOLLOWER_LOOK_ALIKES') {
    const account = ctx.lookup.byXId(c.value);
    // The sandbox's look-alike model is the follow graph itself: the handle's current followers.
    mark(selector, accounts, account === undefined ? [] : ctx.network.graph.followers(account));
  } else if (isKeywordType(c.type)) {
    // X: people who posted the keyword (or describe themselves with it): bios and posts, every word.
    markFlags(selector, KeywordTextIndex.of(ctx.network).accounts(c.value));
  }
}

function addLocation(location: Record<LocationLevel, Uint8Array>, value: string): void {
  const entry = LOCATION_BY_VALUE.get(value);
  if (entry) location[entry.level][entry.index] = 1;
}

/**
 * Turns criteria into flags the counting loop can test in a few array reads per account, with X's
 * combination rules: primary criteria (EQ) unioned, NE criteria excluded, each facet a union of its
 * values, facets intersected with each other and with the primary union.
 */
export function compileAudience(ctx: CompileContext, criteria: readonly Criterion[]): CompiledAudience {
  const out: CompiledAudience = {
    primary: null,
    exclude: null,
    location: null,
    language: null,
    age: null,
    gender: null,
    operator: null,
    platform: null,
  };
  const facet = (name: FlagFacet): Uint8Array => (out[name] ??= new Uint8Array(FACET_SIZES[name]));
  for (const c of criteria) {
    if (c.type === 'LOCATION') {
      out.location ??= {
        COUNTRIES: new Uint8Array(COUNTRIES.length),
        REGIONS: new Uint8Array(REGIONS.length),
        METROS: new Uint8Array(METROS.length),
        CITIES: new Uint8Array(CITIES.length),
      };
      addLocation(out.location, c.value);
    } else if (c.type === 'LANGUAGE') facet('language')[LANGUAGE_BY_VALUE.get(c.value)?.index ?? -1] = 1;
    else if (c.type === 'GENDER') facet('gender')[GENDER_BY_VALUE.get(c.value)?.index ?? -1] = 1;
    else if (c.type === 'NETWORK_OPERATOR')
      facet('operator')[OPERATOR_BY_VALUE.get(c.value)?.index ?? -1] = 1;
    else if (c.type === 'PLATFORM') facet('platform')[PLATFORM_BY_VALUE.get(c.value)?.index ?? -1] = 1;
    else if (c.type === 'AGE') {
      const bands = AGE_BY_VALUE.get(c.value)?.bands ?? [];
      const flags = facet('age');
      for (let k = 0; k < bands.length; k++) flags[k]! |= bands[k]!;
    } else if (c.operator === 'NE') addToSelector(ctx, (out.exclude ??= emptySelector()), c);
    else addToSelector(ctx, (out.primary ??= emptySelector()), c);
  }
  return out;
}
