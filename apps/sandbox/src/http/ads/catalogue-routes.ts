import type { FastifyInstance } from 'fastify';
import type { CatalogueKind } from '@murmur/core/export';
import { targetingCriteria, type TargetingCriterion } from '@murmur/core/x-catalogue';
import { page } from './envelope';
import { oneOf, paramsOf, str, type Params } from './params';

/** Case- and accent-insensitive, so "sao paulo" finds "São Paulo" and "TOKYO" finds "Tokyo". */
const fold = (text: string): string => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

type Filter = (item: TargetingCriterion, params: Params) => boolean;

const byField =
  (field: string, param: string): Filter =>
  (item, params) => {
    const wanted = str(params, param);
    return !wanted || String(item[field] ?? '').toUpperCase() === wanted.toUpperCase();
  };

const LOCATION_TYPES = ['COUNTRIES', 'REGIONS', 'METROS', 'CITIES', 'POSTAL_CODES'] as const;

/**
 * X's catalogue endpoints (`GET targeting_criteria/<kind>`), served from the sandbox catalogues in
 * X's wire shape, with `q` search and cursor pagination. Routes are named as X names them; the
 * movies/TV catalogue answers at tv_shows and at movies_and_tv_shows.
 */
const ROUTES: readonly (readonly [path: string, kind: CatalogueKind, filters: readonly Filter[]])[] = [
  ['interests', 'interests', []],
  ['conversations', 'conversations', [byField('conversation_type', 'conversation_type')]],
  ['tv_shows', 'movies_and_tv_shows', [byField('locale', 'tv_market_locale')]],
  ['movies_and_tv_shows', 'movies_and_tv_shows', [byField('locale', 'tv_market_locale')]],
  ['languages', 'languages', []],
  // X lists US operators when no country_code is given.
  [
    'network_operators',
    'network_operators',
    [(item, p) => item.country_code === (str(p, 'country_code') ?? 'US').toUpperCase()],
  ],
  [
    'locations',
    'locations',
    [
      byField('country_code', 'country_code'),
      (item, p) => {
        const type = oneOf(p, 'location_type', LOCATION_TYPES);
        return !type || item.location_type === type;
      },
    ],
  ],
  ['platforms', 'platforms', []],
];

export function registerCatalogueRoutes(app: FastifyInstance): void {
  for (const [path, kind, filters] of ROUTES) {
    app.get(`/targeting_criteria/${path}`, (request) => {
      const params = paramsOf(request);
      const q = fold(str(params, 'q') ?? '');
      const items = targetingCriteria(kind).filter(
        (item) => (!q || fold(item.name).includes(q)) && filters.every((keep) => keep(item, params)),
      );
      return page(request, items, (item) => item);
    });
  }
}
