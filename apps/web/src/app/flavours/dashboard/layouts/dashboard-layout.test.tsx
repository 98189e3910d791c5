import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { DashboardLayout } from './dashboard-layout';

describe('DashboardLayout', () => {
  it('paints the navigation column behind the page for its whole height, not one screen of it', () => {
    renderWithProviders(
      <DashboardLayout user={makeUser()} teamSlug="acme">
        <p>A long page</p>
      </DashboardLayout>,
      { route: '/acme/audiences' },
    );
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('A long page');
    // The column (dashboard-layout.module.css: as wide as the navbar, Mantine's offset, 0 on a phone,
    // ending with its border) is the main area's background; jsdom does not paint, so the rule's class.
    expect(main.className).toMatch(/_main_/);
    // No inline background (Mantine's bg prop): it would override the rule's image.
    expect(main.style.background).toBe('');
  });
});
