import type { Iconography } from '@murmur/core/api';
import { emptyTargetingPackage } from '@murmur/core/targeting';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { ItemList } from './item-list';
import { OptionsFields } from './options-fields';
import { ReviewStep } from './review-step';

afterEach(() => vi.restoreAllMocks());

/** A set whose criteria each have a different icon, so that a wrong mapping shows. */
const SET: Iconography = {
  version: 'v1',
  view_box: '0 0 24 24',
  stroke_width: 2,
  icons: [
    { name: 'heart', paths: ['M12 20s-7-4.5-7-10'] },
    { name: 'hash', paths: ['M5 9h14'] },
    { name: 'flag', paths: ['M5 21V4'] },
    { name: 'calendar', paths: ['M4 6h16v14H4z'] },
    { name: 'list', paths: ['M9 6h11'] },
  ],
  criteria: {
    interests: 'heart',
    keywords: 'hash',
    countries: 'flag',
    age: 'calendar',
    custom_audiences: 'list',
  },
  categories: {},
  default_category: 'heart',
};

const iconsIn = (element: HTMLElement) =>
  [...element.querySelectorAll('svg[data-icon]')].map((svg) => svg.getAttribute('data-icon'));

describe("the creator's criteria with their icons (GET /api/iconography/)", () => {
  it("draws each chip with its criterion's icon, beside the label", async () => {
    vi.spyOn(window, 'fetch').mockImplementation(fakeFetch({ 'GET /api/iconography/': { body: SET } }));
    const pkg = {
      ...emptyTargetingPackage(),
      interests: [{ label: 'Coffee' }, { label: 'Tea', deselected: true }],
      keywords: [{ label: 'espresso' }],
    };
    renderWithProviders(
      <>
        <div data-testid="interests">
          <ItemList field="interests" pkg={pkg} onChange={() => {}} />
        </div>
        <div data-testid="keywords">
          <ItemList field="keywords" pkg={pkg} onChange={() => {}} />
        </div>
      </>,
    );
    const interests = screen.getByTestId('interests');
    await waitFor(() => expect(iconsIn(interests)).toEqual(['heart', 'heart']));
    expect(iconsIn(screen.getByTestId('keywords'))).toEqual(['hash']);
    // Decorative: the chip is still named by its label alone.
    expect(within(interests).getByRole('checkbox', { name: 'Coffee' })).toBeTruthy();
    expect(interests.querySelector('svg[data-icon]')!.getAttribute('aria-hidden')).toBe('true');
  });

  it('heads each row of the review with its criterion’s icon, and the custom audiences’ chips too', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(fakeFetch({ 'GET /api/iconography/': { body: SET } }));
    const pkg = {
      ...emptyTargetingPackage(),
      countries: [{ label: 'Japan', id: 'JP' }],
      interests: [{ label: 'Coffee' }],
      age: ['AGE_OVER_18' as const],
      custom_audiences: [{ name: 'Newsletter' }],
    };
    renderWithProviders(
      <ReviewStep name="Coffee" onNameChange={() => {}} pkg={pkg} canSave saveError={null} />,
    );
    const summary = screen.getByRole('table');
    await waitFor(() =>
      expect([...summary.querySelectorAll('th')].map((th) => [th.textContent, iconsIn(th)])).toEqual([
        ['Interests', ['heart']],
        ['Countries', ['flag']],
        ['Age', ['calendar']],
        ['Custom audiences', ['list']],
      ]),
    );

    const { container } = renderWithProviders(<OptionsFields pkg={pkg} onChange={() => {}} />);
    await waitFor(() => expect(iconsIn(container)).toEqual(['list']));
  });

  it('shows the criteria without icons when the set cannot be loaded', async () => {
    const fetches = vi.fn(fakeFetch({}));
    vi.spyOn(window, 'fetch').mockImplementation(fetches);
    const pkg = { ...emptyTargetingPackage(), interests: [{ label: 'Coffee' }] };
    const { container } = renderWithProviders(<ItemList field="interests" pkg={pkg} onChange={() => {}} />);
    await waitFor(() => expect(fetches).toHaveBeenCalled());
    expect(screen.getByRole('checkbox', { name: 'Coffee' })).toBeTruthy();
    expect(iconsIn(container)).toEqual([]);
  });
});
