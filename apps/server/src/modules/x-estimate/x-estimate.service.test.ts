import { describe, expect, it, vi } from 'vitest';
import { populationEstimate, predictXEstimate } from '@murmur/core/sampling';
import type { TargetingPackage } from '@murmur/core/targeting';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../db/schema';
import { createXEstimateService, type XEstimateDeps } from './x-estimate.service';

/** The service's timeout and cache, with X stubbed (the routes' test asks the sandbox over HTTP). */
const estimate = populationEstimate(120, { sampleSize: 10_000, rate: 50 });
const user = { id: 1 } as UserRow;
const pkg = { keywords: [{ label: 'coffee' }] } as unknown as TargetingPackage;
const body = { targeting_package: pkg, exclusions: [], team: 'acme' };

function service(audienceEstimate: XEstimateDeps['audienceEstimate'], timeoutMs = 50) {
  return createXEstimateService({
    estimateOf: () => Promise.resolve(estimate),
    teams: { access: () => Promise.resolve({ team: { id: 7 } }) },
    grantOf: () => Promise.resolve({ userId: 1, accountId: 'acc1', name: 'Acme' }),
    excludedOnX: () => Promise.resolve(new Map()),
    tokensOf: () => Promise.resolve({ accessToken: 't', accessSecret: 's' }),
    planCriteria: () => [{ targeting_type: 'BROAD_KEYWORD', targeting_value: 'coffee', name: 'coffee' }],
    searchCatalogue: () => Promise.resolve([]),
    audienceEstimate,
    log: { warn: () => undefined } as unknown as FastifyBaseLogger,
    timeoutMs,
  });
}

describe('createXEstimateService', () => {
  it('keeps X’s answer: the same targeting asks X once', async () => {
    const ask = vi.fn(() => Promise.resolve({ min: 5_000, max: 7_000 }));
    const s = service(ask);
    const first = await s.estimate(user, body);
    const second = await s.estimate(user, body);
    expect(first.figure).toMatchObject({ low: 5_000, high: 7_000, predicted: false });
    expect(second).toEqual(first);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('shows the prediction when X is late, and says X failed', async () => {
    const s = service(() => new Promise(() => undefined), 20);
    const answer = await s.estimate(user, body);
    expect(answer).toMatchObject({ fallback: 'x_failed', account_id: 'acc1' });
    expect(answer.figure).toEqual(predictXEstimate(estimate));
  });
});
