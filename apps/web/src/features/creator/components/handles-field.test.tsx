import { emptyTargetingPackage, type TargetingPackage } from '@murmur/core/targeting';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { HandlesField } from './handles-field';

const account = {
  id: '1',
  handle: 'tokyo_eats',
  name: 'Tokyo Eats',
  bio: '',
  followers_count: 12_345,
  following_count: 10,
  verified: false,
  country: 'JP',
  language: 'ja',
};

function Harness({ initial }: { initial: TargetingPackage }) {
  const [pkg, setPkg] = useState(initial);
  return <HandlesField pkg={pkg} onChange={setPkg} />;
}

describe('HandlesField', () => {
  it('checks each handle: avatar, name and followers, or "not found"', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'POST /api/audience-configs/autocomplete/': { body: { results: [] } },
        'POST /api/external/validate-handle/': (init) => {
          const { handle } = jsonBody(init) as { handle: string };
          return handle === 'tokyo_eats'
            ? { body: { valid: true, handle, account } }
            : { body: { valid: false, handle, account: null } };
        },
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={emptyTargetingPackage()} />);
    const input = screen.getByLabelText('Handles');
    await user.type(input, '@tokyo_eats{Enter}');
    await user.type(input, 'nobody_here{Enter}');

    const found = screen.getByRole('checkbox', { name: /@tokyo_eats/ }).closest('div')!;
    expect(await within(found.parentElement!).findByText('Tokyo Eats')).toBeTruthy();
    expect(within(found.parentElement!).getByText('Followers on X 12K')).toBeTruthy();
    const missing = screen.getByRole('checkbox', { name: /@nobody_here/ }).closest('div')!;
    expect(await within(missing.parentElement!).findByText('not found')).toBeTruthy();
  });

  it('says while a handle is being checked', () => {
    vi.spyOn(window, 'fetch').mockImplementation(() => new Promise(() => {}));
    renderWithProviders(<Harness initial={{ ...emptyTargetingPackage(), handles: [{ handle: 'slow' }] }} />);
    expect(screen.getByLabelText('Checking @slow')).toBeTruthy();
  });
});
