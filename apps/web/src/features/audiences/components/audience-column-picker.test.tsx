import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AudienceColumnPicker } from './audience-column-picker';

// SPEC §4: dropdowns open and close by click or hover, and close on an outside click.
describe('AudienceColumnPicker', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', 'Columns', 'Columns to show'],
    ['ja', '表示する列', '表示する列'],
  ] as const)('in %s: opens on hover and closes when the pointer leaves', async (lang, button, panel) => {
    await i18n.changeLanguage(lang);
    renderWithProviders(<AudienceColumnPicker shown={['size']} onToggle={vi.fn()} />);
    const trigger = screen.getByRole('button', { name: button });
    fireEvent.mouseEnter(trigger);
    expect(await screen.findByRole('group', { name: panel })).toBeTruthy();
    fireEvent.mouseLeave(trigger);
    await waitFor(() => expect(screen.queryByRole('group', { name: panel })).toBeNull());
  });

  it('stays open when clicked (also after a hover opened it), until its button or an outside click', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    renderWithProviders(
      <div>
        <AudienceColumnPicker shown={['size']} onToggle={onToggle} />
        <p>Outside</p>
      </div>,
    );
    const trigger = screen.getByRole('button', { name: 'Columns' });
    // userEvent's click hovers first: the hover opens it and the click pins it.
    await user.click(trigger);
    await user.unhover(trigger);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await user.click(screen.getByRole('checkbox', { name: /Country/ }));
    expect(onToggle).toHaveBeenCalledWith('country');
    await user.click(trigger);
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Columns to show' })).toBeNull());
    await user.click(trigger);
    expect(await screen.findByRole('group', { name: 'Columns to show' })).toBeTruthy();
    await user.click(screen.getByText('Outside'));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Columns to show' })).toBeNull());
  });
});
