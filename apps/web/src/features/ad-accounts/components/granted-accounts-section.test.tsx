import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { makeTeam, makeUser } from '@/test/fixtures';
import { fakeFetch, renderWithProviders } from '@/test/render';
import { GrantedAccountsSection } from './granted-accounts-section';

const team = makeTeam({ slug: 'acme', name: 'Acme' });

const render = (user = makeUser()) => {
  vi.spyOn(window, 'fetch').mockImplementation(
    fakeFetch({
      'GET /api/user/me/': { body: user },
      'GET /api/user/accounts/': { body: [] },
      'GET /api/user/granted-accounts/': { body: [] },
    }),
  );
  renderWithProviders(<GrantedAccountsSection team={team} user={user} />, { route: '/acme/team' });
};

describe('GrantedAccountsSection', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('asks an admin without a connected X account to connect it, with the way to Profile settings', async () => {
    render();
    const note = await screen.findByTestId('nothing-to-grant');
    expect(note.textContent).toMatch(/Connect your X account in Profile settings/);
    expect(within(note).getByRole('link', { name: 'Open Profile settings' }).getAttribute('href')).toBe(
      '/acme/account',
    );
  });

  it('no longer asks to connect X once it is connected: its X account has no ad accounts yet', async () => {
    render(makeUser({ social_accounts: [{ id: 1, provider: 'twitter' }] }));
    const note = await screen.findByTestId('nothing-to-grant');
    expect(note.textContent).not.toMatch(/Connect your X account/);
    expect(note.textContent).toMatch(/Your X account has no ad accounts yet/);
    expect(within(note).getByRole('link', { name: 'Open Profile settings' })).toBeTruthy();
  });

  it('says so in Japanese', async () => {
    await i18n.changeLanguage('ja');
    render(makeUser({ social_accounts: [{ id: 1, provider: 'twitter' }] }));
    const note = await screen.findByTestId('nothing-to-grant');
    expect(note.textContent).toMatch(/X アカウントにはまだ広告アカウントがありません/);
    expect(within(note).getByRole('link', { name: 'プロフィール設定を開く' })).toBeTruthy();
  });
});
