import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { Welcome } from './welcome';

describe('Welcome', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it.each(['en', 'ja'] as const)(
    'in %s: "Create a team" shows the form at once and puts the focus in its first field',
    async (lang) => {
      await i18n.changeLanguage(lang);
      const ui = userEvent.setup();
      renderWithProviders(
        <Welcome
          user={makeUser({ memberships: [] })}
          createTeamForm={
            <form>
              <label>
                Name
                <input name="name" />
              </label>
              <button type="submit">Send</button>
            </form>
          }
        />,
        { route: '/welcome' },
      );
      expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
      await ui.click(screen.getByRole('button', { name: i18n.t('teams.create.open') }));
      const field = screen.getByRole('textbox', { name: 'Name' });
      expect(document.activeElement).toBe(field);
      // The button that opened the form is gone; the form's own button is there to use.
      expect(screen.queryByRole('button', { name: i18n.t('teams.create.open') })).toBeNull();
      expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    },
  );
});
