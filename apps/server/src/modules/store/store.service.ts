import type { StoreAudience } from '@murmur/core/api';
import { countryByCode } from '@murmur/core/countries';
import { storeAudienceText } from '@murmur/core/targeting';
import type { AudienceEngine } from '@murmur/engine';
import type { EngineHolder } from '../../engine/engine-holder';
import { toEstimate } from '../../engine/engine-audience';
import { AUDIENCE_REGIONS, findRegion } from './regions';
import { interestCategoriesFor, storePackage } from './store-packages';

export type StoreService = ReturnType<typeof createStoreService>;

/** SPEC §9: this category holds exclusion audiences, not audiences to target; the store skips it. */
const EXCLUSION_CATEGORY = 'Exclusion Audience';

/** Store audience ids: category id × 100 + region id, so an id names its pair and stays stable. */
const storeId = (category: number, region: number) => category * 100 + region;

type Category = { id: number; name: string };

/** Store audiences per engine and category list, built at first use and kept for the engine's lifetime. */
const built = new WeakMap<AudienceEngine, Map<string, StoreAudience[]>>();

/**
 * The store of ready-made audiences (docs/API-AUDIENCES.md "Audience store"): one per audience
 * category × audience region, each the category's interests of the catalogue in the region's
 * countries, sized by the engine. Deterministic: the seeded categories, fixed regions, catalogue order.
 */
function storeOf(engine: AudienceEngine, categories: readonly Category[]): StoreAudience[] {
  const key = categories.map((c) => `${c.id}:${c.name}`).join('|');
  let byKey = built.get(engine);
  if (!byKey) built.set(engine, (byKey = new Map<string, StoreAudience[]>()));
  const cached = byKey.get(key);
  if (cached) return cached;
  const interestCategories = [
    ...new Set(engine.explore.catalogue('interests').flatMap((e) => (e.category ? [e.category] : []))),
  ];
  const store: StoreAudience[] = [];
  for (const category of categories) {
    if (category.name === EXCLUSION_CATEGORY) continue;
    const interests = interestCategoriesFor(category.name, interestCategories);
    if (interests.length === 0) continue;
    for (const region of AUDIENCE_REGIONS) {
      const targeting_package = storePackage(interests, region.country_codes);
      const estimate = toEstimate(engine.estimate(targeting_package), engine.stats.accounts, engine.scale);
      const parts = {
        category: category.name,
        region: region.name,
        worldwide: region.country_codes.length === 0,
        interests,
      };
      const en = storeAudienceText(parts, 'en');
      const ja = storeAudienceText(parts, 'ja');
      store.push({
        id: storeId(category.id, region.id),
        name: en.name,
        description: en.description,
        name_ja: ja.name,
        description_ja: ja.description,
        category: { id: category.id, name: category.name },
        region: { id: region.id, name: region.name },
        country: region.is_single_country ? (countryByCode(region.country_codes[0]!)?.name ?? null) : null,
        size: estimate.population_estimate,
        size_bucket: estimate.size_bucket,
        size_figure: estimate.figure,
        targeting_package,
      });
    }
  }
  byKey.set(key, store);
  return store;
}

const fold = (s: string) => s.normalize('NFKC').trim().toLowerCase();

export function createStoreService(deps: {
  engine: EngineHolder;
  /** The audience categories (the audiences module's table, seeded by migration 0001). */
  listCategories: () => Promise<readonly Category[]>;
}) {
  const { engine, listCategories } = deps;
  const all = async () => storeOf(engine.get(), await listCategories());

  return {
    regions: () => [...AUDIENCE_REGIONS],

    /** The audience categories (seeded by migration 0001), "Exclusion Audience" included. */
    categories: async () => (await listCategories()).map(({ id, name }) => ({ id, name })),

    /** Filtered by category (id or name), region (id or name) and a search over name and description (EN or JA). */
    async list(query: {
      category?: string | undefined;
      region?: string | undefined;
      search?: string | undefined;
    }) {
      let results = await all();
      if (query.category) {
        const ref = fold(query.category);
        results = results.filter((a) => String(a.category.id) === ref || fold(a.category.name) === ref);
      }
      if (query.region) {
        const region = findRegion(query.region);
        results = region ? results.filter((a) => a.region.id === region.id) : [];
      }
      if (query.search) {
        const q = fold(query.search);
        results = results.filter((a) =>
          [a.name, a.description, a.name_ja, a.description_ja].some((text) => fold(text).includes(q)),
        );
      }
      return { count: results.length, results };
    },

    /** A store audience by id, for saving it to My Audiences (`from_audience`); 503 while the engine loads. */
    find: async (id: number): Promise<StoreAudience | undefined> => (await all()).find((a) => a.id === id),
  };
}
