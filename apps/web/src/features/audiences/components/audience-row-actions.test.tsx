import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeAudienceConfig } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AudienceRowActions } from './audience-row-actions';

const audience = makeAudienceConfig(3, { name: 'Ramen lovers' });

describe('AudienceRowActions', () => {
  // This file's module state starts with the menu's code not loaded: the first render shows the
  // placeholder button.
  it('keeps the placeholder through a press while the menu loads, and opens the menu at its click', async () => {
    renderWithProviders(
      <AudienceRowActions audience={audience} teamSlug="acme" onCompare={vi.fn()} onDelete={vi.fn()} />,
      { route: '/' },
    );
    const placeholder = screen.getByRole('button', { name: /Ramen lovers/ });
    expect(placeholder.getAttribute('aria-expanded')).toBe('false');
    // The pointer goes down; the menu's code arrives before the release.
    fireEvent.pointerDown(placeholder, { button: 0 });
    await vi.dynamicImportSettled();
    // The same button is there for the release's click: a menu that replaced it would take the click
    // on its own button and shut again at once.
    expect(screen.getByRole('button', { name: /Ramen lovers/ })).toBe(placeholder);
    fireEvent.click(placeholder);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('menu')).toBe(menu);
    expect(screen.getByRole('button', { name: /Ramen lovers/ }).getAttribute('aria-expanded')).toBe('true');
  });
});
