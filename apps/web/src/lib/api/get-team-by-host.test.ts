import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '@/test/render';
import {
  getTeamByHost,
  hostMayHaveTeam,
  hostTeamSlug,
  type getTeamByHostQueryOptions,
} from './get-team-by-host';

describe('the host team lookup', () => {
  afterEach(() => vi.restoreAllMocks());

  it('does not ask for hosts that cannot name a team (no 404 left in the console)', async () => {
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(fakeFetch({}));
    for (const host of ['127.0.0.1:3000', '[::1]:3000', 'murmur.example', '10.0.0.7'])
      expect(await getTeamByHost(host), host).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks for local hosts and team hosts, and takes a 404 as no team', async () => {
    const fetch = vi
      .spyOn(window, 'fetch')
      .mockImplementation(
        fakeFetch({ 'GET /api/team-by-host/': { status: 404, body: { detail: 'No team for this host.' } } }),
      );
    expect(await getTeamByHost('app.murmur.example')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    for (const host of ['localhost:5173', 'dashboard', 'staging.murmur.example', 'acme.murmur.example.'])
      expect(hostMayHaveTeam(host), host).toBe(true);
  });

  it('asks on a team host only for a member of that team: no 404 in the console of app.example.com', async () => {
    const fetch = vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'GET /api/team-by-host/': { body: { id: 7, name: 'Acme', slug: 'acme', logo: null } },
      }),
    );
    const ask = async (options: ReturnType<typeof getTeamByHostQueryOptions>) =>
      (await options.queryFn!({} as never)) ?? null;
    const member = (slug: string) => ({ team: { id: 1, name: slug, slug } });
    // "app" is none of this user's teams: whatever the answer (SPEC §8's 404 here), it changes nothing.
    expect(await hostTeamSlug(ask, 'app.example.com', [member('acme')])).toBeNull();
    expect(await hostTeamSlug(ask, 'app.example.com', [])).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(await hostTeamSlug(ask, 'acme.example.com', [member('acme')])).toBe('acme');
    expect(await hostTeamSlug(ask, 'localhost:5173', [])).toBe('acme');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
