import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeAudienceConfig, makeTeam, makeUser } from '@/test/fixtures';
import { fakeFetch, jsonBody, renderWithProviders, type FakeRoute } from '@/test/render';
import { notificationStore } from '@/lib/notifications';
import { AudienceCreator } from './audience-creator';
import { populationEstimate } from '@murmur/core/sampling';

const estimate = {
  sample_count: 500,
  population_estimate: 2_500_000,
  size_bucket: '1M-5M',
  unmatched: [],
  handles_truncated: false,
  figure: populationEstimate(500, { sampleSize: 100_000, rate: 5000 }),
};

const routes = (extra: Record<string, FakeRoute> = {}): Record<string, FakeRoute> => ({
  'POST /api/audience-configs/autocomplete/': { body: { results: [] } },
  'POST /api/external/validate-handle/': (init) => {
    const { handle } = jsonBody(init) as { handle: string };
    return { body: { valid: false, handle, account: null } };
  },
  'POST /api/build-audience/': { body: estimate },
  ...extra,
});

const creator = makeUser({ groups: [{ name: 'Audience_creator' }] });

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('AudienceCreator', { timeout: 30_000 }, () => {
  it('blocks Continue while a selected handle is not found; deselecting it (kept, struck out) unblocks', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(fakeFetch(routes()));
    const user = userEvent.setup();
    renderWithProviders(<AudienceCreator team={makeTeam()} user={makeUser()} />, { route: '/acme/creator' });
    expect(continueButton()).toHaveProperty('disabled', false);

    await user.type(screen.getByLabelText('Handles'), 'ghost{Enter}');
    expect(await screen.findByText('not found')).toBeTruthy();
    expect(continueButton()).toHaveProperty('disabled', true);
    expect(screen.getByText('Remove or deselect the handles that were not found to continue.')).toBeTruthy();

    const chip = screen.getByRole('checkbox', { name: /@ghost/ });
    expect(chip).toHaveProperty('checked', true);
    await user.click(chip);
    expect(screen.getByRole('checkbox', { name: /@ghost/ })).toHaveProperty('checked', false);
    expect(continueButton()).toHaveProperty('disabled', false);
  });

  it('submits on the last step only with a name and a non-empty package, then offers insights', async () => {
    const save = vi.fn((init: RequestInit | undefined) => ({
      status: 201,
      body: {
        id: 5,
        name: (jsonBody(init) as { name: string }).name,
        size: 2_500_000,
        size_bucket: '1M-5M',
        size_figure: populationEstimate(500, { sampleSize: 100_000, rate: 5000 }),
      },
    }));
    vi.spyOn(window, 'fetch').mockImplementation(fakeFetch(routes({ 'POST /api/audience-configs/': save })));
    const user = userEvent.setup();
    renderWithProviders(<AudienceCreator team={makeTeam()} user={creator} />, { route: '/acme/creator' });

    for (let step = 0; step < 4; step += 1) await user.click(continueButton());
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', true);
    // SPEC §8: an empty package submitted is refused with a toast, not an inline alert (deviation 10).
    await user.type(screen.getByLabelText(/Audience name/), 'Nothing yet');
    expect(screen.queryByText('Failed to apply targeting list because it is empty.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(notificationStore.list().map((n) => [n.level, n.text])).toContainEqual([
      'error',
      'Failed to apply targeting list because it is empty.',
    ]);
    expect(save).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText(/Audience name/));

    // Back to the first step to add a keyword and a deselected one.
    await user.click(screen.getByRole('button', { name: /Keywords and accounts/ }));
    const keywords = screen.getByLabelText('Keywords');
    await user.type(keywords, 'ramen{Enter}');
    await user.type(keywords, 'sushi{Enter}');
    await user.click(screen.getByRole('checkbox', { name: 'sushi' }));
    for (let step = 0; step < 4; step += 1) await user.click(continueButton());

    await user.type(screen.getByLabelText(/Audience name/), 'Ramen lovers');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const body = jsonBody(save.mock.calls[0]![0]) as {
      name: string;
      team: string;
      targeting_package: { keywords: unknown[] };
    };
    expect(body.name).toBe('Ramen lovers');
    expect(body.team).toBe('acme');
    expect(body.targeting_package.keywords).toEqual([
      { label: 'ramen' },
      { label: 'sushi', deselected: true },
    ]);
    const insights = await screen.findAllByRole('link', { name: 'Open insights' });
    expect(insights.map((link) => link.getAttribute('href'))).toContain('/acme/insights?config=5');
  });

  it('leaves out the saved audiences picked to exclude: in the size, the review and the save', async () => {
    const sizedWith: unknown[] = [];
    const save = vi.fn((init: RequestInit | undefined) => ({
      status: 201,
      body: {
        id: 6,
        name: (jsonBody(init) as { name: string }).name,
        size: 1,
        size_bucket: '<1M',
        size_figure: populationEstimate(1, { sampleSize: 100_000, rate: 1 }),
      },
    }));
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch(
        routes({
          'GET /api/audience-configs/': {
            body: {
              count: 1,
              next: null,
              previous: null,
              results: [makeAudienceConfig(4, { name: 'Customers' })],
            },
          },
          'POST /api/build-audience/': (init) => {
            sizedWith.push((jsonBody(init) as { exclusions: unknown }).exclusions);
            return { body: estimate };
          },
          'POST /api/audience-configs/': save,
        }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<AudienceCreator team={makeTeam()} user={creator} />, { route: '/acme/creator' });
    await user.type(screen.getByLabelText('Keywords'), 'ramen{Enter}');
    for (let step = 0; step < 3; step += 1) await user.click(continueButton());
    await user.click(screen.getByRole('textbox', { name: 'Exclude saved audiences' }));
    await user.click(await screen.findByRole('option', { name: 'Customers' }));
    await waitFor(() => expect(sizedWith).toContainEqual([4]));
    expect(await screen.findByText('Without the people of 1 excluded audience')).toBeTruthy();
    await user.click(continueButton());
    expect(screen.getByRole('list', { name: 'Excluded audiences' }).textContent).toBe('Customers');
    await user.type(screen.getByLabelText(/Audience name/), 'Ramen, not customers');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(jsonBody(save.mock.calls[0]![0])).toMatchObject({ exclusions: [4] });
  });

  it('lets members without creator access — a team admin too — build, but not save, and says why', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(fakeFetch(routes()));
    const user = userEvent.setup();
    renderWithProviders(<AudienceCreator team={makeTeam()} user={makeUser()} />, { route: '/acme/creator' });
    await user.type(screen.getByLabelText('Keywords'), 'ramen{Enter}');
    for (let step = 0; step < 4; step += 1) await user.click(continueButton());
    expect(screen.getByText('Saving needs creator access')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText(/Audience name/)).toHaveProperty('disabled', true);
  });

  it('keeps the draft when the user leaves and comes back', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(fakeFetch(routes()));
    const user = userEvent.setup();
    const first = renderWithProviders(<AudienceCreator team={makeTeam()} user={makeUser()} />, {
      route: '/acme/creator',
    });
    await user.type(screen.getByLabelText('Keywords'), 'ramen{Enter}');
    await user.click(continueButton());
    first.unmount();
    renderWithProviders(<AudienceCreator team={makeTeam()} user={makeUser()} />, { route: '/acme/creator' });
    expect(screen.getByText('Interests', { selector: 'label' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Keywords and accounts/ }));
    expect(screen.getByRole('checkbox', { name: 'ramen' })).toBeTruthy();
  });
});
