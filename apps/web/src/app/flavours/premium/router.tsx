import type { ParseKeys } from 'i18next';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from '../../../components/route-error';
import { lazyPage } from '../../../lib/lazy';
import { DeepThoughtLayout } from './components/deep-thought-layout';

const unavailable = (title: ParseKeys) =>
  lazyPage(
    () => import('./routes/unavailable'),
    (module) => module.unavailablePage(title),
  );

/** One screen under several paths (SPEC §2 aliases). */
const screen = (paths: string[], title: ParseKeys): RouteObject[] =>
  paths.map((path) => ({ path, lazy: unavailable(title) }));

/** SPEC §2 premium analytics routes, with a 404 catch-all. */
export const premiumRoutes: RouteObject[] = [
  {
    Component: DeepThoughtLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          ...screen(['/authenticated', '/login/twitter'], 'premium.screens.authenticated'),
          { index: true, lazy: unavailable('premium.screens.paused') },
          ...screen(['/premium-suite/topics', '/topics'], 'premium.screens.topics'),
          ...screen(
            ['/premium-suite/following-topics', '/following-topics'],
            'premium.screens.followingTopics',
          ),
          ...screen(['/premium-suite/unfollowed'], 'premium.screens.unfollowed'),
          ...screen(['/premium'], 'premium.screens.premium'),
          ...screen(['/premium-suite'], 'premium.screens.dashboard'),
          ...screen(['/premium-suite/talk-to-x', '/talk-to-x'], 'premium.screens.talkToX'),
          ...screen(['/premium-suite/xstats/:country?', '/xstats/:country?'], 'premium.screens.xstats'),
          ...screen(['/premium-suite/accounts'], 'premium.screens.accounts'),
          ...screen(['/followers'], 'premium.screens.followers'),
          ...screen(['/following'], 'premium.screens.following'),
          ...screen(['/posts'], 'premium.screens.posts'),
          ...screen(['/post/:id'], 'premium.screens.post'),
          ...screen(['/engagers'], 'premium.screens.engagers'),
          ...screen(['/lists'], 'premium.screens.lists'),
          ...screen(['/create-subscription/success'], 'premium.screens.subscriptionSuccess'),
          ...screen(['/create-subscription/cancel'], 'premium.screens.subscriptionCancel'),
          ...screen(['/switch-account'], 'premium.screens.switchAccount'),
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
