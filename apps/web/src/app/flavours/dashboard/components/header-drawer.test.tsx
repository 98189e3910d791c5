import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { makeTeam, makeUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { Header } from './header';

const user = makeUser({
  first_name: 'Alice',
  last_name: 'Lee',
  email: 'alice@example.com',
  memberships: [{ id: 1, level: 'admin', team: makeTeam({ slug: 'acme', name: 'Acme' }) }],
});

const openDrawer = async (name: string) => {
  const burger = screen.getByRole('button', { name });
  // As from the keyboard: the focus on the burger, then its activation.
  burger.focus();
  fireEvent.click(burger);
  return { burger, drawer: await screen.findByRole('dialog') };
};

describe('Header on a phone', () => {
  it('keeps the language and account menus for wide screens and puts them in a drawer behind the avatar', async () => {
    renderWithProviders(<Header user={user} teamSlug="acme" nav={{ opened: false, toggle: () => {} }} />, {
      route: '/acme/audiences',
    });
    // Two buttons on a phone's header, each named for what it opens: not two identical ☰.
    const phoneButtons = screen.getAllByRole('button').filter((b) => b.className.includes('hidden-from-sm'));
    expect(phoneButtons).toEqual([
      screen.getByRole('button', { name: 'Toggle navigation' }),
      screen.getByRole('button', { name: 'Account and language' }),
    ]);
    expect(
      screen
        .getByRole('button', { name: 'Account and language' })
        .querySelector('.mantine-Burger-root, .mantine-Burger-burger'),
    ).toBeNull();
    // At small widths the menus' group is hidden (Mantine's visibleFrom) and the burger shown (hiddenFrom).
    const language = screen.getByRole('button', { name: 'Language: English' });
    expect(language.closest('.mantine-visible-from-sm')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Account and language' }).classList).toContain(
      'mantine-hidden-from-sm',
    );

    const { burger, drawer } = await openDrawer('Account and language');
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    expect(within(drawer).getByText('Alice Lee')).toBeTruthy();
    expect(within(drawer).getByText('alice@example.com')).toBeTruthy();
    const languages = within(drawer).getByRole('group', { name: 'Language' });
    expect(within(languages).getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(languages).getByRole('button', { name: '日本語' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(within(drawer).getByRole('link', { name: 'Manage account' }).getAttribute('href')).toBe(
      '/acme/account',
    );
    expect(within(drawer).getByRole('button', { name: 'Sign out' })).toBeTruthy();

    // The keyboard closes it, and the focus goes back to the burger.
    fireEvent.keyDown(drawer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(burger));
  });

  it('switches the interface to Japanese from the drawer', async () => {
    renderWithProviders(<Header user={null} teamSlug={undefined} />, { route: '/choose-team' });
    const { drawer } = await openDrawer('Language and sign in');
    expect(within(drawer).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    fireEvent.click(within(drawer).getByRole('button', { name: '日本語' }));
    await waitFor(() => expect(i18n.language).toBe('ja'));
    expect(await screen.findByRole('button', { name: '言語とログイン' })).toBeTruthy();
    const group = within(screen.getByRole('dialog')).getByRole('group', { name: '言語' });
    expect(within(group).getByRole('button', { name: '日本語' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(screen.getByRole('dialog')).getByRole('link', { name: 'ログイン' })).toBeTruthy();
  });

  it('offers account and sign out in Japanese', async () => {
    await i18n.changeLanguage('ja');
    renderWithProviders(<Header user={user} teamSlug="acme" />, { route: '/acme/audiences' });
    const { drawer } = await openDrawer('アカウントと言語');
    expect(within(drawer).getByRole('link', { name: 'アカウント管理' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'ログアウト' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'メニューを閉じる' })).toBeTruthy();
  });
});
