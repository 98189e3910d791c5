import { afterEach, describe, expect, it, vi } from 'vitest';
import { personalStore } from './personal-store';
import { request, setVisitorToken } from './request';
import { local, storageKeys } from './storage';

/** The Authorization header of the app's request helper's next call, or undefined. */
async function authorizationSent(): Promise<string | undefined> {
  const fetch = vi
    .spyOn(window, 'fetch')
    .mockResolvedValue(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
  await request.get('/api/external/xstats/');
  const headers = fetch.mock.calls.at(-1)![1]!.headers as Record<string, string>;
  return headers.Authorization;
}

afterEach(() => {
  setVisitorToken(null);
  personalStore.clear();
  vi.restoreAllMocks();
});

describe('the pro-targeting site’s tokens (SPEC §6)', () => {
  it('sends the signed-in user’s pro-targeting token, else the fixed token of signed-out visitors', async () => {
    expect(await authorizationSent()).toBeUndefined();
    setVisitorToken('fixed-pro-token');
    expect(await authorizationSent()).toBe('Token fixed-pro-token');
    personalStore.set({ email: 'pro@example.com', token: 'pro.user-key' });
    expect(await authorizationSent()).toBe('Token pro.user-key');
    personalStore.clear();
    expect(await authorizationSent()).toBe('Token fixed-pro-token');
  });

  it('keeps only a pro-targeting token from local storage (an older version kept a personal token)', () => {
    const stored = { email: 'a@example.com', name: 'A', signedInAs: 'a@example.com' };
    local.set(storageKeys.personal, JSON.stringify({ ...stored, token: 'old-personal-token' }));
    personalStore.reload();
    expect(personalStore.get().token).toBeNull();
    local.set(storageKeys.personal, JSON.stringify({ ...stored, token: 'pro.key' }));
    personalStore.reload();
    expect(personalStore.get()).toEqual({ ...stored, token: 'pro.key' });
  });
});
