import { ApiError } from '@murmur/core/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthLostHandler } from './auth-lost';
import { createQueryClient } from './query-client';
import { local, storageKeys, takeReturnPath } from './storage';

const forbidden = () =>
  Promise.reject(new ApiError(403, { detail: 'Authentication credentials were not provided.' }));

describe('SPEC §8: 403 elsewhere redirects to login (deviation 2)', () => {
  afterEach(() => local.remove(storageKeys.returnPath));

  for (const [flavour, loginPath] of [
    ['dashboard', '/login'],
    ['pro-targeting', '/'],
    ['premium', '/authenticated'],
  ] as const) {
    it(`${flavour}: a query answered 403 sends the browser to ${loginPath}, remembering the page`, async () => {
      const navigate = vi.fn();
      const onAuthLost = createAuthLostHandler({
        loginPath,
        navigate,
        location: () => ({ pathname: '/acme/team', search: '?tab=members' }),
      });
      const client = createQueryClient({ onAuthLost });
      await client.fetchQuery({ queryKey: ['x'], queryFn: forbidden }).catch(() => undefined);
      await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(loginPath));
      expect(takeReturnPath()).toBe('/acme/team?tab=members');
    });
  }

  it('a mutation answered 403 redirects too; a 400 or 404 does not', async () => {
    const navigate = vi.fn();
    const client = createQueryClient({
      onAuthLost: createAuthLostHandler({
        loginPath: '/login',
        navigate,
        location: () => ({ pathname: '/a', search: '' }),
      }),
    });
    const run = (fn: () => Promise<unknown>) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: fn })
        .execute(undefined)
        .catch(() => undefined);
    await run(() => Promise.reject(new ApiError(400, { name: ['This field is required.'] })));
    await run(() => Promise.reject(new ApiError(404, { detail: 'Not found.' })));
    expect(navigate).not.toHaveBeenCalled();
    await run(forbidden);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
  });

  it('a query that shows its own sign-in prompt opts out with meta.handlesAuthError', async () => {
    const navigate = vi.fn();
    const client = createQueryClient({
      onAuthLost: createAuthLostHandler({
        loginPath: '/login',
        navigate,
        location: () => ({ pathname: '/a', search: '' }),
      }),
    });
    await client
      .fetchQuery({ queryKey: ['own'], queryFn: forbidden, meta: { handlesAuthError: true } })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a signed-in user refused something goes to login without a return path; on login nothing happens', async () => {
    const navigate = vi.fn();
    const handler = createAuthLostHandler({
      loginPath: '/login',
      navigate,
      location: () => ({ pathname: '/acme/team', search: '' }),
      stillSignedIn: () => Promise.resolve(true),
    });
    await handler();
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(takeReturnPath()).toBeNull();

    const onLogin = vi.fn();
    await createAuthLostHandler({
      loginPath: '/login',
      navigate: onLogin,
      location: () => ({ pathname: '/login', search: '' }),
    })();
    expect(onLogin).not.toHaveBeenCalled();
  });
});
