import { screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { lazyPage } from '../lib/lazy';
import { renderWithProviders } from '../test/render';
import { LoadFailureAlert, RouteError } from './route-error';

const renderRoutes = (load: () => Promise<{ Page: () => string }>) => {
  const router = createMemoryRouter(
    [
      {
        element: (
          <main>
            <h1>Layout</h1>
            <Outlet />
          </main>
        ),
        children: [
          { ErrorBoundary: RouteError, children: [{ path: '/page', lazy: lazyPage(load, (m) => m.Page) }] },
        ],
      },
    ],
    { initialEntries: ['/page'] },
  );
  return renderWithProviders(<RouterProvider router={router} />);
};

describe('lazy page failures', () => {
  it('says a new version is available when a page cannot be loaded, inside the layout', async () => {
    renderRoutes(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    );
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText(/A new version of Murmur is available\. Please refresh/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Layout' })).toBeTruthy();
  });

  it('renders the page when it loads', async () => {
    renderRoutes(() => Promise.resolve({ Page: () => 'Loaded page' }));
    expect(await screen.findByText('Loaded page')).toBeTruthy();
  });

  it('adds the close-and-reopen advice inside the extension', () => {
    const { rerender } = renderWithProviders(<LoadFailureAlert insideExtension={false} />);
    expect(screen.queryByText(/close it and open it again/)).toBeNull();
    rerender(<LoadFailureAlert insideExtension />);
    expect(screen.getByText(/close it and open it again/)).toBeTruthy();
  });
});
