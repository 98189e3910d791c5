import type { ParseKeys } from 'i18next';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteError } from '../../../components/route-error';
import { lazyPage } from '../../../lib/lazy';
import { ProLayout } from './components/pro-layout';
import { SidebarSection } from './components/sidebar-section';
import { TabsSection } from './components/tabs-section';

const unavailable = (title: ParseKeys) =>
  lazyPage(
    () => import('./routes/unavailable'),
    (module) => module.unavailablePage(title),
  );

/** One screen under several paths (SPEC §2 aliases). */
const aliases = (paths: string[], title: ParseKeys): RouteObject[] =>
  paths.map((path) => ({ path, lazy: unavailable(title) }));

/** SPEC §2 pro-targeting routes; unknown paths go home. */
export const proRoutes: RouteObject[] = [
  {
    Component: ProLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          {
            index: true,
            lazy: lazyPage(
              () => import('./routes/home'),
              (m) => m.HomeRoute,
            ),
          },
          { path: '/saved-lists', lazy: unavailable('screens.savedLists') },
          { path: '/campaigns/new', lazy: unavailable('screens.newCampaign') },
          ...aliases(
            ['/targeting-lists/:id?', '/native-lists/:id?', '/native-list/:id?'],
            'screens.targetingLists',
          ),
          { path: '/request-audience', lazy: unavailable('screens.requestAudience') },
          { path: '/request-audiences', lazy: unavailable('screens.requestAudience') },
          { path: '/request-download/:title?', lazy: unavailable('screens.requestDownload') },
          { path: '/request-access', lazy: unavailable('screens.requestAccess') },
          { path: '/request-confirmation', lazy: unavailable('screens.requestConfirmation') },
          { path: '/request-verification', lazy: unavailable('screens.requestVerification') },
          { path: '/job-title', lazy: unavailable('screens.jobTitle') },
          {
            Component: SidebarSection,
            children: [
              ...aliases(['/explore/:name?', '/xplore/:name?', '/analyze/:name?'], 'screens.explore'),
              { path: '/xstats/:country?', lazy: unavailable('screens.xstats') },
              { path: '/audience-builder', lazy: unavailable('screens.audienceBuilder') },
              { path: '/competitor-analysis', lazy: unavailable('screens.competitorAnalysis') },
            ],
          },
          {
            Component: TabsSection,
            children: [
              { path: '/about', lazy: unavailable('pro.nav.about') },
              { path: '/pro-targeting', lazy: unavailable('pro.nav.proTargeting') },
              { path: '/pro-solutions', lazy: unavailable('pro.nav.proSolutions') },
              { path: '/pro-community', lazy: unavailable('pro.nav.proCommunity') },
              ...aliases(['/marketing-materials', '/materials'], 'pro.nav.marketingMaterials'),
            ],
          },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

export const createProRouter = () => createBrowserRouter(proRoutes);
