import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { PageLoading } from './page-loading';

describe('PageLoading while the first page’s code loads', () => {
  it('shows a loader, and React Router has no missing-fallback warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const router = createMemoryRouter([
      { HydrateFallback: PageLoading, children: [{ path: '/', lazy: () => new Promise(() => undefined) }] },
    ]);
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByLabelText('Loading…')).toBeTruthy();
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/HydrateFallback/);
    warn.mockRestore();
  });
});
