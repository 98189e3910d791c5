import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Iconography } from '@murmur/core/api';
import { fakeFetch, renderWithProviders } from '../test/render';
import { SetIcon } from './set-icon';

afterEach(() => vi.restoreAllMocks());

const SET: Iconography = {
  version: 'v1',
  view_box: '0 0 24 24',
  stroke_width: 2,
  icons: [
    { name: 'car', paths: ['M5 16h14'] },
    { name: 'tag', paths: ['M3 12V3h9'] },
    { name: 'heart', paths: ['M12 20s-7-4.5-7-10'] },
  ],
  criteria: { interests: 'heart' },
  categories: { Automotive: 'car' },
  default_category: 'tag',
};

describe('SetIcon', () => {
  it("draws the set's icon of a category, the default for others, and a criterion's", async () => {
    const fetches = vi.fn(fakeFetch({ 'GET /api/iconography/': { body: SET } }));
    vi.spyOn(window, 'fetch').mockImplementation(fetches);
    const { container } = renderWithProviders(
      <p>
        <SetIcon category="Automotive" /> Automotive <SetIcon category="Pets" /> Pets{' '}
        <SetIcon criterion="interests" size={20} /> Interests
      </p>,
    );
    await waitFor(() => expect(container.querySelectorAll('svg')).toHaveLength(3));
    const svgs = [...container.querySelectorAll('svg')];
    expect(svgs.map((svg) => svg.getAttribute('data-icon'))).toEqual(['car', 'tag', 'heart']);
    expect(svgs[0]!.querySelector('path')!.getAttribute('d')).toBe('M5 16h14');
    expect(svgs[2]!.getAttribute('width')).toBe('20');
    expect(svgs.every((svg) => svg.getAttribute('aria-hidden') === 'true')).toBe(true);
    // One request for the whole set, however many icons show.
    expect(fetches).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/Automotive/)).toBeTruthy();
  });

  it('draws nothing when the set cannot be loaded', async () => {
    const fetches = vi.fn(fakeFetch({}));
    vi.spyOn(window, 'fetch').mockImplementation(fetches);
    const { container } = renderWithProviders(<SetIcon category="Automotive" />);
    await waitFor(() => expect(fetches).toHaveBeenCalled());
    expect(container.querySelector('svg')).toBeNull();
  });
});
