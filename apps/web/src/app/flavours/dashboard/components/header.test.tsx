import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { Header } from './header';

describe('Header', () => {
  // This file's module state starts with the menus' code not loaded: the first render shows the
  // language menu's placeholder button.
  it('keeps the placeholder through a press while the menu loads, and opens the menu at its click', async () => {
    renderWithProviders(<Header user={null} teamSlug={undefined} />, { route: '/' });
    const placeholder = screen.getByRole('button', { name: /English/ });
    // The pointer goes down; the menu's code arrives before the release.
    fireEvent.pointerDown(placeholder, { button: 0 });
    await vi.dynamicImportSettled();
    // The same button is there for the release's click: a menu that replaced it would take the click
    // on its own button and shut again at once.
    expect(screen.getByRole('button', { name: /English/ })).toBe(placeholder);
    fireEvent.click(placeholder);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: '日本語' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('menu')).toBe(menu);
  });
});
