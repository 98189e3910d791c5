import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { RouteError } from '@/components/route-error';
import { lazyPage } from '@/lib/lazy';
import { DeepThoughtLayout } from './components/deep-thought-layout';

/** One Deep Thought screen (its route module's `Route`) under several paths (SPEC §2 aliases). */
const page = (paths: string[], load: () => Promise<{ Route: ComponentType }>): RouteObject[] =>
  paths.map((path) => ({ path, lazy: lazyPage(load, (m) => m.Route) }));

/** SPEC §2 premium analytics routes, with a 404 catch-all. */
export const premiumRoutes: RouteObject[] = [
  {
    Component: DeepThoughtLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          ...page(['/authenticated', '/login/twitter'], () => import('./routes/sign-in')),
          {
            index: true,
            lazy: lazyPage(
              () => import('./routes/paused'),
              (m) => m.PausedRoute,
              { firstScreen: true },
            ),
          },
          ...page(['/premium-suite/topics', '/topics'], () => import('./routes/topics')),
          ...page(
            ['/premium-suite/following-topics', '/following-topics'],
            () => import('./routes/following-topics'),
          ),
          ...page(['/premium-suite/unfollowed'], () => import('./routes/unfollowed')),
          ...page(['/premium'], () => import('./routes/premium')),
          ...page(['/premium-suite'], () => import('./routes/dashboard')),
          ...page(['/premium-suite/talk-to-x', '/talk-to-x'], () => import('./routes/talk-to-x')),
          ...page(['/premium-suite/xstats/:country?', '/xstats/:country?'], () => import('./routes/xstats')),
          ...page(['/premium-suite/accounts'], () => import('./routes/accounts')),
          ...page(['/followers'], () => import('./routes/followers')),
          ...page(['/following'], () => import('./routes/following')),
          ...page(['/posts'], () => import('./routes/posts')),
          ...page(['/post/:id'], () => import('./routes/post')),
          ...page(['/engagers'], () => import('./routes/engagers')),
          ...page(['/lists'], () => import('./routes/lists')),
          ...page(['/create-subscription/success'], () => import('./routes/create-subscription-success')),
          ...page(['/create-subscription/cancel'], () => import('./routes/create-subscription-cancel')),
          ...page(['/switch-account'], () => import('./routes/switch-account')),
          {
            path: '*',
            lazy: lazyPage(
              () => import('./routes/not-found'),
              (m) => m.NotFoundRoute,
            ),
          },
        ],
      },
    ],
  },
];

export const createPremiumRouter = () => createBrowserRouter(premiumRoutes);
