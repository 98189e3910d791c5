import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { LanguageMenu } from './language-menu';

// SPEC §4: dropdowns open and close by click or hover, and close on an outside click.
describe('LanguageMenu', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', 'Language: English'],
    ['ja', '言語: 日本語'],
  ] as const)('in %s: opens on hover and closes when the pointer leaves', async (lang, name) => {
    await i18n.changeLanguage(lang);
    renderWithProviders(<LanguageMenu onChange={vi.fn()} />);
    const button = screen.getByRole('button', { name });
    fireEvent.mouseEnter(button);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'English' })).toBeTruthy();
    fireEvent.mouseLeave(button);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('stays open after a click when the pointer leaves, and picks a language', async () => {
    const onChange = vi.fn();
    renderWithProviders(<LanguageMenu onChange={onChange} />);
    const button = screen.getByRole('button', { name: 'Language: English' });
    fireEvent.mouseEnter(button);
    fireEvent.click(button);
    const menu = await screen.findByRole('menu');
    fireEvent.mouseLeave(button);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getByRole('menu')).toBe(menu);
    fireEvent.click(within(menu).getByRole('menuitem', { name: '日本語' }));
    expect(onChange).toHaveBeenCalledWith('ja');
  });
});
