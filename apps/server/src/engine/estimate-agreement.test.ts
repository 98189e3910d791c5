import Fastify, { type FastifyInstance } from 'fastify';
import { targetingPackageSchema, type TargetingPackage } from '@murmur/core/targeting';
import { AccountKind, adsApiPlugin, sandboxAdsToken, targetingCriteria } from '@murmur/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testNetwork, type TestNetwork } from '../test/test-engine';

/**
 * One meaning of a size: for the same targeting, Murmur's estimate (the engine over the
 * sandbox export) falls inside the range the sandbox's Ads API answers for `audience_estimate`
 * (over HTTP, as X would answer), criterion type by criterion type and combined.
 */
let net: TestNetwork;
let app: FastifyInstance;
let token: string;
let adAccount: string;

beforeAll(async () => {
  net = await testNetwork();
  app = Fastify();
  await app.register(adsApiPlugin({ network: net.network }), { prefix: '/ads/12' });
  const a = net.network.accounts;
  const advertiser = Array.from({ length: a.count }, (_, i) => i).find(
    (i) => a.kind[i] === AccountKind.brand,
  )!;
  token = sandboxAdsToken(net.network, a.ids[advertiser]!.toString());
  const accounts = await app.inject({
    url: '/ads/12/accounts',
    headers: { authorization: `Bearer ${token}` },
  });
  adAccount = accounts.json<{ data: { id: string }[] }>().data[0]!.id;
}, 120_000);
afterAll(() => app?.close());

const value = (kind: Parameters<typeof targetingCriteria>[0], name: string): string =>
  targetingCriteria(kind).find((c) => c.name === name)!.targeting_value;

type Wire = { targeting_type: string; targeting_value: string };

async function adsRange(criteria: Wire[]): Promise<{ min: number; max: number }> {
  const response = await app.inject({
    method: 'POST',
    url: `/ads/12/accounts/${adAccount}/audience_estimate`,
    headers: { authorization: `Bearer ${token}` },
    payload: { targeting_criteria: criteria },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { audience_size: { min: number; max: number } } }>().data.audience_size;
}

describe('Murmur’s estimate and the sandbox Ads API’s audience_estimate', () => {
  it('agree within X’s estimate range on a fixed set of packages', async () => {
    const a = net.network.accounts;
    const star = Array.from(net.network.graph.inDegree).reduce(
      (best, d, i, all) => (d > all[best]! ? i : best),
      0,
    );
    const words = ['jazz', 'coffee', 'football', 'anime'];
    const cases: [Record<string, unknown>, Wire[]][] = [
      ...words.map((w): [Record<string, unknown>, Wire[]] => [
        { keywords: [{ label: w }] },
        [{ targeting_type: 'BROAD_KEYWORD', targeting_value: w }],
      ]),
      [
        { keywords: [{ label: 'remote work' }] },
        [{ targeting_type: 'PHRASE_KEYWORD', targeting_value: 'remote work' }],
      ],
      [
        { handles: [{ handle: a.handles[star]! }] },
        [{ targeting_type: 'FOLLOWER_LOOK_ALIKES', targeting_value: `@${a.handles[star]!}` }],
      ],
      [
        { interests: [{ label: 'Sports/Soccer' }] },
        [{ targeting_type: 'INTEREST', targeting_value: value('interests', 'Sports/Soccer') }],
      ],
      [
        { keywords: [{ label: 'coffee' }], countries: [{ label: 'US' }] },
        [
          { targeting_type: 'BROAD_KEYWORD', targeting_value: 'coffee' },
          { targeting_type: 'LOCATION', targeting_value: value('locations', 'United States') },
        ],
      ],
      [
        { interests: [{ label: 'Sports/Soccer' }], languages: [{ label: 'ja' }, { label: 'es' }] },
        [
          { targeting_type: 'INTEREST', targeting_value: value('interests', 'Sports/Soccer') },
          { targeting_type: 'LANGUAGE', targeting_value: 'ja' },
          { targeting_type: 'LANGUAGE', targeting_value: 'es' },
        ],
      ],
      [
        { keywords: [{ label: 'jazz' }, { label: 'anime' }], gender: ['FEMALE'] },
        [
          { targeting_type: 'BROAD_KEYWORD', targeting_value: 'jazz' },
          { targeting_type: 'BROAD_KEYWORD', targeting_value: 'anime' },
          { targeting_type: 'GENDER', targeting_value: '2' },
        ],
      ],
    ];
    let nonZero = 0;
    for (const [body, criteria] of cases) {
      const pkg: TargetingPackage = targetingPackageSchema.parse(body);
      const murmur = net.engine.estimate(pkg).populationEstimate;
      const range = await adsRange(criteria);
      const label = `${JSON.stringify(body)}: Murmur ${murmur}, X ${range.min}–${range.max}`;
      expect(murmur, label).toBeGreaterThanOrEqual(range.min);
      expect(murmur, label).toBeLessThanOrEqual(range.max);
      if (murmur > 0) nonZero++;
    }
    // The packages reach people: the agreement is not between two zeros.
    expect(nonZero).toBeGreaterThanOrEqual(cases.length - 2);
  });
});
