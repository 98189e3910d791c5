import { afterEach, describe, expect, it, vi } from 'vitest';

/** The country list comes from the targeting service's root with its fixed token (SPEC §6/§7). */
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('getTargetingCountries', () => {
  it('fetches the list through the targeting root with the fixed token', async () => {
    vi.stubEnv('VITE_API_ROOT', 'https://api.example.com');
    vi.stubEnv('VITE_TARGETING_API_URL', 'https://targeting.example.com');
    vi.stubEnv('VITE_TARGETING_TOKEN', 'targeting-fixed');
    vi.resetModules();
    const calls: { url: string; auth: string | undefined }[] = [];
    vi.spyOn(window, 'fetch').mockImplementation((input, init) => {
      calls.push({
        url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        auth: (init?.headers as Record<string, string>).Authorization,
      });
      const body = { countries: [{ code: 'JP', name: 'Japan', name_ja: '日本', selectable: true }] };
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      );
    });
    const { getTargetingCountries } = await import('./get-targeting-countries');
    expect(await getTargetingCountries()).toEqual([
      { code: 'JP', name: 'Japan', name_ja: '日本', selectable: true },
    ]);
    expect(calls).toEqual([
      { url: 'https://targeting.example.com/api/targeting-countries/', auth: 'Token targeting-fixed' },
    ]);
  });
});
