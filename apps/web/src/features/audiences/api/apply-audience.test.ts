import { renderHook } from '@testing-library/react';
import { emptyTargetingPackage } from '@murmur/core/targeting';
import { EXTENSION_SOURCE } from '@murmur/core/extension';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeAudienceConfig } from '@/test/fixtures';
import { fakeFetch, urlOf, type FakeRoute } from '@/test/render';
import { notify } from '@/lib/notifications';
import { getExtensionState } from '@/lib/extension';
import { useApplyAudience } from './apply-audience';

/** The extension of protocol 1 (the page makes the calls) with an ad account open in X Ads Manager. */
function fromExtension(data: object) {
  window.dispatchEvent(new MessageEvent('message', { data, origin: window.location.origin, source: window }));
}
beforeAll(() => {
  getExtensionState();
  fromExtension({ source: EXTENSION_SOURCE, type: 'state', installed: true, version: '0.1.0' });
  fromExtension({ source: EXTENSION_SOURCE, type: 'account', account: { id: 'acc-1', name: 'Acme ads' } });
});
afterEach(() => vi.restoreAllMocks());

const audience = makeAudienceConfig(1, {
  targeting_package: {
    ...emptyTargetingPackage(),
    keywords: [{ label: 'ramen' }],
    custom_audiences: [{ name: 'Buyers' }],
  },
});

async function apply(check: FakeRoute) {
  const calls: string[] = [];
  vi.spyOn(window, 'fetch').mockImplementation((input, init) => {
    calls.push(`${init?.method ?? 'GET'} ${new URL(urlOf(input), 'http://localhost').pathname}`);
    return fakeFetch({
      'POST /api/external/check-custom-audiences/': check,
      'POST /api/external/audience-usages/': { status: 201, body: {} },
    })(input, init);
  });
  const errors = vi.spyOn(notify, 'error');
  const { result } = renderHook(() => useApplyAudience(null));
  const applied = await result.current(audience);
  return { applied, calls, errors: errors.mock.calls.map((c) => String(c[0])) };
}

describe('applying an audience whose custom audiences are checked first (SPEC §8)', () => {
  it('stops when the check answers that the ad account cannot be reached, and says so', async () => {
    const { applied, calls, errors } = await apply({
      status: 400,
      body: { ad_account_id: ['You do not have access to this ad account on X.'] },
    });
    expect(applied).toBe(false);
    expect(calls).not.toContain('POST /api/external/audience-usages/');
    expect(errors).toEqual([
      'You do not have access to the ad account Acme ads on X, so nothing was applied. Ask an admin of the ad account to give you access in X Ads Manager, then try again.',
    ]);
  });

  it('ignores a failed check and applies', async () => {
    const { applied, calls, errors } = await apply({ status: 503, body: { detail: 'X cannot be reached.' } });
    expect(applied).toBe(true);
    expect(calls).toContain('POST /api/external/audience-usages/');
    expect(errors).toEqual([]);
  });
});
