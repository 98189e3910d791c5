import { describe, expect, it } from 'vitest';
import { targetingCriteria } from '@murmur/core/x-catalogue';
import { XError } from '../../integrations/x';
import { resolveCriteria, type CatalogueSearch } from './criteria';

/** X's catalogue search as the sandbox serves it: entries whose name holds `q`, filtered by country. */
const search: CatalogueSearch = (catalogue, q, extra = {}) =>
  Promise.resolve(
    targetingCriteria(catalogue as Parameters<typeof targetingCriteria>[0]).filter(
      (e) =>
        e.name.toLowerCase().includes(q.toLowerCase()) &&
        (!extra.country_code || e.country_code === extra.country_code) &&
        (!extra.location_type || e.location_type === extra.location_type),
    ),
  );

describe('resolveCriteria', () => {
  it('asks by name for labels that are X’s codes, and sends a bare category as its subcategories', async () => {
    const japan = targetingCriteria('locations').find(
      (l) => l.country_code === 'JP' && l.location_type === 'COUNTRIES',
    )!;
    const operator = targetingCriteria('network_operators').find((o) => o.country_code !== 'US')!;
    const sports = targetingCriteria('interests').filter((i) => i.name.startsWith('Sports/'));
    const sent = await resolveCriteria(
      [
        { targeting_type: 'BROAD_KEYWORD', targeting_value: 'coffee', name: 'coffee' },
        { targeting_type: 'LANGUAGE', catalogue: 'languages', label: 'ja' },
        {
          targeting_type: 'LOCATION',
          catalogue: 'locations',
          label: 'JP',
          extra: { location_type: 'COUNTRIES' },
        },
        {
          targeting_type: 'NETWORK_OPERATOR',
          catalogue: 'network_operators',
          label: operator.targeting_value,
        },
        { targeting_type: 'INTEREST', catalogue: 'interests', label: 'Sports' },
      ],
      search,
    );
    expect(sent).toEqual([
      { targeting_type: 'BROAD_KEYWORD', targeting_value: 'coffee' },
      { targeting_type: 'LANGUAGE', targeting_value: 'ja' },
      { targeting_type: 'LOCATION', targeting_value: japan.targeting_value },
      { targeting_type: 'NETWORK_OPERATOR', targeting_value: operator.targeting_value },
      ...sports.map((i) => ({ targeting_type: 'INTEREST', targeting_value: i.targeting_value })),
    ]);
  });

  it('refuses a label X does not know, as X would', async () => {
    await expect(
      resolveCriteria(
        [{ targeting_type: 'INTEREST', catalogue: 'interests', label: 'Nothing/Such' }],
        search,
      ),
    ).rejects.toBeInstanceOf(XError);
  });
});
