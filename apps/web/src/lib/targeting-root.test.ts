import { afterEach, describe, expect, it, vi } from 'vitest';
import { readConfig } from './config';

/**
 * SPEC §7 "A second API root serves the targeting service" and §6's fixed targeting token: the
 * targeting calls go to VITE_TARGETING_API_URL with VITE_TARGETING_TOKEN; every other call keeps
 * the dashboard's root and the user's own token.
 */
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.resetModules();
});

const ok = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));

async function loadWith(env: Record<string, string>) {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  const calls: { url: string; auth: string | undefined }[] = [];
  vi.spyOn(window, 'fetch').mockImplementation((input, init) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      auth: headers.Authorization,
    });
    return ok({ countries: [], id: 1 });
  });
  const { request, targetingRequest } = await import('./request');
  const { personalStore } = await import('./personal-store');
  return { request, targetingRequest, personalStore, calls };
}

describe('the targeting service root', () => {
  it('reads the root and the token from the build environment; none by default', () => {
    expect(readConfig({})).toMatchObject({ targetingApiRoot: '', targetingToken: undefined });
    expect(
      readConfig({ VITE_TARGETING_API_URL: 'https://targeting.example.com/', VITE_TARGETING_TOKEN: 'fixed' }),
    ).toMatchObject({ targetingApiRoot: 'https://targeting.example.com', targetingToken: 'fixed' });
  });

  it('sends the targeting calls to the second root with the fixed token, the rest to the first', async () => {
    const { request, targetingRequest, personalStore, calls } = await loadWith({
      VITE_API_ROOT: 'https://api.example.com',
      VITE_TARGETING_API_URL: 'https://targeting.example.com/',
      VITE_TARGETING_TOKEN: 'targeting-fixed',
    });
    personalStore.set({ token: 'user-token' });
    await targetingRequest.get('/api/targeting-countries/');
    await request.get('/api/user/me/');
    expect(calls).toEqual([
      { url: 'https://targeting.example.com/api/targeting-countries/', auth: 'Token targeting-fixed' },
      { url: 'https://api.example.com/api/user/me/', auth: 'Token user-token' },
    ]);
    personalStore.set({ token: null });
  });

  it("falls back to the dashboard's own root, without a token, when none is configured", async () => {
    const { targetingRequest, calls } = await loadWith({ VITE_API_ROOT: 'https://api.example.com' });
    await targetingRequest.get('/api/targeting-countries/');
    expect(calls).toEqual([{ url: 'https://api.example.com/api/targeting-countries/', auth: undefined }]);
  });
});
