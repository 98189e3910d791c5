import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emptyTargetingPackage } from '@murmur/core/targeting';
import { populationEstimate, predictXEstimate, xAudienceEstimate } from '@murmur/core/sampling';
import { formatLargeNumber } from '@murmur/core/format';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { i18n } from '@/lib/i18n';
import { SizePanel } from './size-panel';

const figure = populationEstimate(500, { sampleSize: 100_000, rate: 5000 });
const estimate = {
  sample_count: 500,
  population_estimate: figure.value,
  size_bucket: '1M-5M',
  unmatched: [],
  handles_truncated: false,
  figure,
};
const pkg = { ...emptyTargetingPackage(), keywords: [{ label: 'ramen' }] };

describe('SizePanel: X’s estimate beside Murmur’s', () => {
  it('shows the predicted range, labelled as a prediction, asked after the estimate', async () => {
    const asked = vi.fn((init: RequestInit | undefined) => {
      expect(jsonBody(init)).toMatchObject({ team: 'acme' });
      return {
        body: {
          figure: predictXEstimate(figure),
          estimate: figure,
          account_id: null,
          fallback: 'no_ad_account',
          exclusions_not_sent: [],
        },
      };
    });
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'POST /api/build-audience/': { body: estimate },
        'POST /api/build-audience/x-estimate/': asked,
      }),
    );
    renderWithProviders(<SizePanel pkg={pkg} teamSlug="acme" />);
    const line = await screen.findByTestId('x-estimate', {}, { timeout: 3000 });
    expect(line.textContent).toContain("X's estimate (predicted)");
    const { low, high } = predictXEstimate(figure);
    expect(screen.getByTestId('x-estimate-value').textContent).toBe(
      `${formatLargeNumber(low!)}–${formatLargeNumber(high!)}`,
    );
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('shows X’s own range, and says when X failed', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'POST /api/build-audience/': { body: estimate },
        'POST /api/build-audience/x-estimate/': {
          body: {
            figure: xAudienceEstimate({ min: 2_100_000, max: 2_900_000 }),
            estimate: figure,
            account_id: '18ce54',
            fallback: null,
            exclusions_not_sent: [],
          },
        },
      }),
    );
    renderWithProviders(<SizePanel pkg={pkg} teamSlug="acme" />);
    const line = await screen.findByTestId('x-estimate', {}, { timeout: 3000 });
    expect(line.textContent).toContain("X's audience estimate");
    expect(line.textContent).toContain('2.1M–2.9M');
  });

  it('leaves excluded audiences out of both sizes and names those X could not remove', async () => {
    const sized = vi.fn((init: RequestInit | undefined) => {
      expect(jsonBody(init)).toMatchObject({ exclusions: [4, 9] });
      return { body: estimate };
    });
    const asked = vi.fn((init: RequestInit | undefined) => {
      expect(jsonBody(init)).toMatchObject({ team: 'acme', exclusions: [4, 9] });
      return {
        body: {
          figure: xAudienceEstimate({ min: 2_100_000, max: 2_900_000 }),
          estimate: figure,
          account_id: '18ce54',
          fallback: null,
          exclusions_not_sent: [9],
        },
      };
    });
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'POST /api/build-audience/': sized,
        'POST /api/build-audience/x-estimate/': asked,
      }),
    );
    renderWithProviders(<SizePanel pkg={pkg} teamSlug="acme" exclusions={[4, 9]} />);
    expect((await screen.findByTestId('x-estimate-not-sent', {}, { timeout: 3000 })).textContent).toBe(
      "X's range still includes 1 excluded audience: it is not uploaded to this ad account, or not targetable there yet.",
    );
    expect(screen.getByText('Without the people of 2 excluded audiences')).toBeTruthy();
    expect(sized).toHaveBeenCalled();
    expect(asked).toHaveBeenCalled();
  });

  it('says so when X’s estimate cannot be shown', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'POST /api/build-audience/': { body: estimate },
        'POST /api/build-audience/x-estimate/': { status: 503, body: { detail: 'down' } },
      }),
    );
    renderWithProviders(<SizePanel pkg={pkg} />);
    expect(await screen.findByTestId('x-estimate-error', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByTestId('audience-size')).toBeTruthy();
  });

  it('says how criteria combine where the size changes, in English and Japanese', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({ 'POST /api/build-audience/': { body: estimate } }),
    );
    const { unmount } = renderWithProviders(<SizePanel pkg={pkg} />);
    const rule = screen
      .getByRole('region', { name: 'Audience size' })
      .querySelector('[data-testid="size-rule"]');
    expect(rule?.textContent).toContain('any one of your handles, keywords');
    expect(rule?.textContent).toContain('must match every filter');
    unmount();
    await i18n.changeLanguage('ja');
    try {
      renderWithProviders(<SizePanel pkg={pkg} />);
      expect(screen.getByTestId('size-rule').textContent).toContain('いずれか 1 つに当てはまる人');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
