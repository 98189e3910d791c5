import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyLanguage } from '@/lib/i18n';
import { makeUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { TeamSwitcherButton, UserMenuButton } from './header-buttons';

const team = { id: 7, name: 'Coffee Launch on X Japan', slug: 'coffee' };

describe('header buttons (SPEC §9 truncation: 15 characters plus an ellipsis)', () => {
  it.each(['en', 'ja'] as const)(
    'cut a long team or user name and keep it whole for the tooltip (%s)',
    async (lang) => {
      await applyLanguage(lang);
      const user = makeUser({
        first_name: 'Maximiliana',
        last_name: 'Vandenberghe',
        memberships: [{ id: 11, level: 'admin', team }],
      });
      renderWithProviders(
        <>
          <TeamSwitcherButton user={user} currentSlug="coffee" />
          <UserMenuButton user={user} />
        </>,
      );
      const teamText = screen.getByText('Coffee Launch o…');
      expect(teamText.getAttribute('title')).toBe('Coffee Launch on X Japan');
      expect(screen.getByText('Maximiliana Van…').getAttribute('title')).toBe('Maximiliana Vandenberghe');
      // Assistive technology still hears the whole name.
      expect(screen.getByRole('button', { name: /Coffee Launch on X Japan/ })).toBeTruthy();
      await applyLanguage('en');
    },
  );
});
