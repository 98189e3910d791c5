import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '@/test/render';
import { getTeamByHost, hostMayHaveTeam } from './get-team-by-host';

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
});
