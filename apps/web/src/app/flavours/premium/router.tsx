import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { RouteError } from '@/components/route-error';
import { surelySignedOut } from '@/lib/api/get-me';
import { lazyPage } from '@/lib/lazy';
import { DeepThoughtLayout } from './components/deep-thought-layout';

/**
 * SPEC §8 "403 elsewhere: redirect to login": a screen of the signed-in suite sends a visitor surely
 * signed out (no session cookie) to sign in at once, where its first call's expected 403 would have
 * done the same after a console error.
 */
const signInFirst = () => (surelySignedOut() ? redirect('/authenticated') : null);

/** One Deep Thought screen (its route module's `Route`) under several paths (SPEC §2 aliases). */
const page = (
  paths: string[],
  load: () => Promise<{ Route: ComponentType }>,
  { signedIn = true }: { signedIn?: boolean } = {},
): RouteObject[] =>
  paths.map((path) => ({
    path,
    ...(signedIn && { loader: signInFirst }),
    lazy: lazyPage(load, (m) => m.Route),
  }));

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
          ...page(['/authenticated', '/login/twitter'], () => import('./routes/sign-in'), {
            signedIn: false,
          }),
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
          ...page(['/premium'], () => import('./routes/premium'), { signedIn: false }),
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
          ...page(['/create-subscription/success'], () => import('./routes/create-subscription-success'), {
            signedIn: false,
          }),
          ...page(['/create-subscription/cancel'], () => import('./routes/create-subscription-cancel'), {
            signedIn: false,
          }),
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
