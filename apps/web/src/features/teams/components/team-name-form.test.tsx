import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTeam } from '@/test/fixtures';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { TeamNameForm } from './team-name-form';

// SPEC §5: the team's name goes through the shared form validator, whose errors are re-checked after
// any change once they exist — so the error goes as soon as the name is fixed, before saving again.
describe('TeamNameForm', { timeout: 20_000 }, () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', 'Team name', 'Save name', 'Team name must be at least 2 characters', 'Team name is required'],
    ['ja', 'チーム名', '名前を保存', 'チーム名は2文字以上で入力してください', 'チーム名は必須です'],
  ] as const)(
    'in %s: checks the name and drops the error once it is fixed',
    async (lang, label, save, short, empty) => {
      await i18n.changeLanguage(lang);
      let sent: unknown;
      vi.spyOn(window, 'fetch').mockImplementation(
        fakeFetch({
          'PATCH /api/teams/acme/': (init) => {
            sent = jsonBody(init);
            return { body: makeTeam({ name: 'Acme KK' }) };
          },
        }),
      );
      const ui = userEvent.setup();
      renderWithProviders(<TeamNameForm team={makeTeam()} canEdit />);
      const input = screen.getByRole('textbox', { name: label });
      await ui.clear(input);
      await ui.type(input, 'A');
      await ui.click(screen.getByRole('button', { name: save }));
      expect(await screen.findByText(short)).toBeTruthy();
      // Emptied: the message follows the field at once (the validator's "required").
      await ui.clear(input);
      expect(await screen.findByText(empty)).toBeTruthy();
      await ui.type(input, 'Acme KK');
      await waitFor(() => expect(screen.queryByText(empty)).toBeNull());
      expect(screen.queryByText(short)).toBeNull();
      expect(input.getAttribute('aria-invalid')).not.toBe('true');
      await ui.click(screen.getByRole('button', { name: save }));
      await waitFor(() => expect(sent).toEqual({ name: 'Acme KK' }));
    },
  );
});
