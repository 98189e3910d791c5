import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTeam } from '@/test/fixtures';
import { fakeFetch, jsonBody, renderWithProviders } from '@/test/render';
import { CreateTeamForm } from './create-team-form';

// SPEC §5's shared validator on the new team's name: required, then at least 2 characters, each
// message following the field as it changes once shown.
describe('CreateTeamForm', { timeout: 20_000 }, () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it.each(['en', 'ja'] as const)('in %s: checks the name with the shared validator', async (lang) => {
    await i18n.changeLanguage(lang);
    const label = i18n.t('teams.create.nameLabel');
    const required = i18n.t('validation.required', { field: label });
    const short = i18n.t('validation.min', { field: label, count: 2 });
    let sent: unknown;
    vi.spyOn(window, 'fetch').mockImplementation(
      fakeFetch({
        'POST /api/teams/': (init) => {
          sent = jsonBody(init);
          return { status: 201, body: makeTeam({ name: 'Acme KK', slug: 'acme-kk' }) };
        },
      }),
    );
    const created = vi.fn();
    const ui = userEvent.setup();
    renderWithProviders(<CreateTeamForm onCreated={created} />);
    const submit = screen.getByRole('button', { name: i18n.t('teams.create.submit') });
    await ui.click(submit);
    expect(await screen.findByText(required)).toBeTruthy();
    await ui.type(screen.getByRole('textbox', { name: new RegExp(label) }), 'A');
    expect(await screen.findByText(short)).toBeTruthy();
    await ui.type(screen.getByRole('textbox', { name: new RegExp(label) }), 'cme KK');
    await waitFor(() => expect(screen.queryByText(short)).toBeNull());
    await ui.click(submit);
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(sent).toEqual({ name: 'Acme KK', slug: 'acme-kk' });
  });
});
