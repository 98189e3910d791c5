import { emptyTargetingPackage, type TargetingPackage } from '@murmur/core/targeting';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { COUNTRIES } from '@murmur/core/countries';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, holdingFetch, renderWithProviders } from '@/test/render';
import { CountriesField, matchCountries } from './countries-field';

// What GET /api/targeting-countries/ answers (the server maps core's list one to one).
const LIST = COUNTRIES.map((c) => ({
  code: c.code,
  name: c.name,
  name_ja: c.nameJa,
  selectable: c.selectable,
  ...(c.info !== undefined && { info: c.info }),
}));

let latest: TargetingPackage = emptyTargetingPackage();
function Harness() {
  const [pkg, setPkg] = useState(emptyTargetingPackage());
  return (
    <CountriesField
      pkg={pkg}
      onChange={(next) => {
        latest = next;
        setPkg(next);
      }}
    />
  );
}

/** The field with the country list held in flight, and `text` typed and entered meanwhile. */
async function enteredWhileLoading(text: string) {
  const user = userEvent.setup();
  const answer = fakeFetch({ 'GET /api/targeting-countries/': { body: { countries: LIST } } });
  const { release } = holdingFetch(answer, () => true);
  renderWithProviders(<Harness />);
  const box = screen.getByLabelText<HTMLInputElement>('Countries');
  await user.type(box, `${text}{Enter}`);
  return { user, box, release };
}

describe('CountriesField', () => {
  let fetches: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    latest = emptyTargetingPackage();
    const answer = fakeFetch({ 'GET /api/targeting-countries/': { body: { countries: LIST } } });
    fetches = vi.fn(answer);
    vi.spyOn(window, 'fetch').mockImplementation(fetches as typeof window.fetch);
  });
  afterEach(() => vi.restoreAllMocks());

  it('normalises aliases: the country an alias names comes first', () => {
    expect(matchCountries(LIST, 'usa')[0]?.code).toBe('US');
    expect(matchCountries(LIST, 'UK')[0]?.code).toBe('GB');
    expect(matchCountries(LIST, 'viet nam')[0]?.code).toBe('VN');
    expect(matchCountries(LIST, 'Holland')[0]?.code).toBe('NL');
    expect(matchCountries(LIST, '日本')[0]?.code).toBe('JP');
  });

  it('picks the country typed and entered while the list was still loading, once it comes', async () => {
    const { box, release } = await enteredWhileLoading('Japan');
    expect(latest.countries).toEqual([]);
    release();
    expect(await screen.findByRole('checkbox', { name: 'Japan' })).toBeTruthy();
    expect(latest.countries).toEqual([{ label: 'Japan', id: 'JP' }]);
    expect(box.value).toBe('');
  });

  it('picks nothing when the text changed after Enter, before the list came', async () => {
    const { user, box, release } = await enteredWhileLoading('Japan');
    await user.type(box, '{Backspace}');
    release();
    expect(await screen.findByRole('option', { name: 'Japan' })).toBeTruthy();
    expect(latest.countries).toEqual([]);
    expect(box.value).toBe('Japa');
  });

  it('fetches the country list once and keeps it (SPEC §4; deviation 8)', async () => {
    const user = userEvent.setup();
    const first = renderWithProviders(<Harness />);
    await user.type(screen.getByLabelText('Countries'), 'japan');
    expect(await screen.findByRole('option', { name: 'Japan' })).toBeTruthy();
    first.unmount();
    // The creator opened again in the same session: the list comes from the cache.
    const again = renderWithProviders(<Harness />, { queryClient: first.queryClient });
    await user.type(screen.getByLabelText('Countries'), 'spain');
    expect(await screen.findByRole('option', { name: 'Spain' })).toBeTruthy();
    again.unmount();
    const calls = fetches.mock.calls.filter(([input]) => String(input).includes('/api/targeting-countries/'));
    expect(calls).toHaveLength(1);
  });

  it('adds the country an alias names with Enter, under its English name and code', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(screen.getByLabelText('Countries'), 'usa');
    // As a person does: Enter once the list has loaded and the option shows (typed earlier, it had
    // nothing to add yet).
    expect(await screen.findByRole('option', { name: 'United States' })).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(latest.countries).toEqual([{ label: 'United States', id: 'US' }]);
    expect(screen.getByRole('checkbox', { name: 'United States' })).toBeTruthy();
  });

  it("shows the Democratic People's Republic of Korea, unselectable, with its info text", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(screen.getByLabelText('Countries'), 'north korea');
    const option = await screen.findByRole('option', { name: "Democratic People's Republic of Korea" });
    expect(option.getAttribute('aria-disabled')).toBe('true');
    expect(option.textContent).toContain('This country is not available for targeting.');
    await user.click(option);
    await user.keyboard('{Enter}');
    expect(latest.countries).toEqual([]);
  });
});
