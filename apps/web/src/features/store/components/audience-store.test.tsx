import { emptyTargetingPackage } from '@murmur/core/targeting';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { local, storageKeys } from '../../../lib/storage';
import { fakeFetch, jsonBody, renderWithProviders } from '../../../test/render';
import { AudienceStore } from './audience-store';

const storeAudience = {
  id: 3,
  name: 'Gaming · Japan',
  description: 'People in Japan who follow games.',
  category: { id: 1, name: 'Gaming' },
  region: { id: 2, name: 'Japan' },
  country: 'Japan',
  size: 4_200_000,
  size_bucket: '1M-5M',
  targeting_package: { ...emptyTargetingPackage(), interests: [{ label: 'Gaming/Console gaming' }] },
};

const routes = (extra = {}) =>
  fakeFetch({
    'GET /api/audiences/': { body: { count: 1, results: [storeAudience] } },
    'GET /api/audience-categories/': { body: [{ id: 1, name: 'Gaming' }] },
    'GET /api/audience-regions/': {
      body: [{ id: 2, name: 'Japan', is_single_country: true, country_codes: ['JP'] }],
    },
    ...extra,
  });

describe('AudienceStore', { timeout: 20_000 }, () => {
  it('asks signed-out visitors to sign in to save, and brings them back', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(routes());
    const user = userEvent.setup();
    renderWithProviders(<AudienceStore signedIn={false} teamSlug={null} />, { route: '/store' });
    expect(await screen.findByText('Gaming · Japan')).toBeTruthy();
    expect(screen.getByText('About 4.2M people')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save to my audiences' })).toBeNull();
    const prompt = screen.getByRole('link', { name: 'Sign in to save this audience' });
    expect(prompt.getAttribute('href')).toBe('/login');
    await user.click(prompt);
    expect(local.get(storageKeys.returnPath)).toBe('/');
  });

  it('saves a store audience to the team with from_audience', async () => {
    const save = vi.fn((init: RequestInit | undefined) => ({
      status: 201,
      body: { id: 9, ...(jsonBody(init) as object) },
    }));
    vi.spyOn(window, 'fetch').mockImplementation(routes({ 'POST /api/audience-configs/': save }));
    const user = userEvent.setup();
    renderWithProviders(<AudienceStore signedIn teamSlug="acme" />, { route: '/acme/store' });
    await user.click(await screen.findByRole('button', { name: 'Save to my audiences' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(jsonBody(save.mock.calls[0]![0])).toEqual({
      from_audience: 3,
      name: 'Gaming · Japan',
      team: 'acme',
    });
    expect(await screen.findByText('Saved to My Audiences')).toBeTruthy();
  });
});
