import { emptyTargetingPackage, type TargetingPackage } from '@murmur/core/targeting';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CountriesField, matchCountries } from './countries-field';

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

describe('CountriesField', () => {
  beforeEach(() => {
    latest = emptyTargetingPackage();
  });

  it('normalises aliases: the country an alias names comes first', () => {
    expect(matchCountries('usa')[0]?.code).toBe('US');
    expect(matchCountries('UK')[0]?.code).toBe('GB');
    expect(matchCountries('viet nam')[0]?.code).toBe('VN');
    expect(matchCountries('Holland')[0]?.code).toBe('NL');
    expect(matchCountries('日本')[0]?.code).toBe('JP');
  });

  it('adds the country an alias names with Enter, under its English name and code', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(screen.getByLabelText('Countries'), 'usa{Enter}');
    expect(latest.countries).toEqual([{ label: 'United States', id: 'US' }]);
    expect(screen.getByRole('checkbox', { name: 'United States' })).toBeTruthy();
  });

  it('shows North Korea, unselectable, with its info text', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(screen.getByLabelText('Countries'), 'north korea');
    const option = await screen.findByRole('option', { name: 'North Korea' });
    expect(option.getAttribute('aria-disabled')).toBe('true');
    expect(option.textContent).toContain('This country is not available for targeting.');
    await user.click(option);
    await user.keyboard('{Enter}');
    expect(latest.countries).toEqual([]);
  });
});
