import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { Header } from './header';

describe('Header', () => {
  // This file's module state starts with the menus' code not loaded: the first render shows the
  // language menu's placeholder button.
  it('opens the language menu when the press began on the placeholder and the menu replaced it before the release', async () => {
    renderWithProviders(<Header user={null} teamSlug={undefined} />, { route: '/' });
    // Only the pointer going down reaches the placeholder: the menu's own button replaces it before the
    // release, so the browser sends the click to neither.
    fireEvent.pointerDown(screen.getByRole('button', { name: /English/ }), { button: 0 });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: '日本語' })).toBeTruthy();
  });
});
