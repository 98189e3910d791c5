import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { premiumRoutes } from './router';

const renderAt = (path: string) => {
  const router = createMemoryRouter(premiumRoutes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

describe('premium routes', () => {
  it('serves aliases with the same screen', async () => {
    renderAt('/talk-to-x');
    expect(await screen.findByRole('heading', { name: 'Talk to X' })).toBeTruthy();
    expect(document.title).toBe('Talk to X · Deep Thought');
  });

  it('has a 404 catch-all', async () => {
    const router = renderAt('/nothing/here');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/nothing/here');
  });
});
