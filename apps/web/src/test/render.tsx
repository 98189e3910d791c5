import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../lib/theme';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Wrap in a MemoryRouter at this path (leave out for components that need no router). */
  route?: string;
  queryClient?: QueryClient;
}

export const createTestQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** Renders with the providers every screen expects: Mantine, TanStack Query and optionally a router. */
export const renderWithProviders = (ui: ReactElement, options: RenderWithProvidersOptions = {}) => {
  const { route, queryClient = createTestQueryClient(), ...rest } = options;
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        {route === undefined ? children : <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>}
      </QueryClientProvider>
    </MantineProvider>
  );
  return { queryClient, ...render(ui, { wrapper: Wrapper, ...rest }) };
};

/** A fetch mock answering by "METHOD path" with a status and JSON body. */
export type FakeRoute =
  | { status?: number; body?: unknown }
  | ((init: RequestInit | undefined) => { status?: number; body?: unknown });

export const fakeFetch =
  (routes: Record<string, FakeRoute>) =>
  (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const route = routes[key];
    const { status = 200, body } =
      route === undefined
        ? { status: 404, body: { detail: `No fake for ${key}` } }
        : typeof route === 'function'
          ? route(init)
          : route;
    return Promise.resolve(
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  };

/** The JSON body a fake fetch route received. */
export const jsonBody = (init: RequestInit | undefined): unknown =>
  typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;

/** The URL of a fetch call, whatever form it was given in. */
export const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * Mocks `window.fetch` with `answer`, holding the requests `hold` picks until `release()`: a save
 * still in flight while the test types on, as a user may.
 */
export function holdingFetch(answer: Fetch, hold: (init: RequestInit | undefined) => boolean) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    if (hold(init)) await held;
    return answer(input, init);
  });
  return { release: () => release() };
}
