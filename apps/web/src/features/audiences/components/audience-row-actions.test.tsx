import type { AudienceConfig } from '@murmur/core/api';
import { emptyTargetingPackage } from '@murmur/core/targeting';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AudienceRowActions } from './audience-row-actions';

const audience: AudienceConfig = {
  id: 3,
  name: 'Ramen lovers',
  kind: 'builder',
  category: null,
  categories: [],
  country: 'Japan',
  targeting_package: { ...emptyTargetingPackage(), keywords: [{ label: 'ramen' }] },
  exclusions: [],
  size: 1_500_000,
  sample_count: 300,
  size_bucket: '1M-5M',
  core_audience: 1_000_000,
  total_native: 1_500_000,
  pro_targeting_size: 1_200_000,
  status: 'Active',
  has_insights: false,
  is_super_insights: false,
  targetable: true,
  created_by: { id: 1, email: 'ana@example.com', name: 'Ana Silva' },
  team: { id: 7, slug: 'acme', name: 'Acme Marketing' },
  ad_account: null,
  created: '2026-01-05T10:00:00Z',
  modified: '2026-01-06T10:00:00Z',
};

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
