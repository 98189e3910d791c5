import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeAudienceConfig } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AudienceRowActions } from './audience-row-actions';

const audience = makeAudienceConfig(3, { name: 'Ramen lovers' });

describe('AudienceRowActions', () => {
  // This file's module state starts with the menu's code not loaded: the first render shows the
  // placeholder button.
  it('opens the menu when the press began on the placeholder and the menu replaced it before the release', async () => {
    renderWithProviders(
      <AudienceRowActions audience={audience} teamSlug="acme" onCompare={vi.fn()} onDelete={vi.fn()} />,
      { route: '/' },
    );
    const placeholder = screen.getByRole('button', { name: /Ramen lovers/ });
    expect(placeholder.getAttribute('aria-expanded')).toBe('false');
    // Only the pointer going down reaches the placeholder: the menu's own button replaces it before the
    // release, so the browser sends the click to neither.
    fireEvent.pointerDown(placeholder, { button: 0 });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /Ramen lovers/ }).getAttribute('aria-expanded')).toBe('true');
  });
});
