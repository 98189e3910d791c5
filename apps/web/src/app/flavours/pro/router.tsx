import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { RouteError } from '@/components/route-error';
import { lazyPage } from '@/lib/lazy';
import { ProLayout } from './components/pro-layout';
import { SidebarSection } from './components/sidebar-section';
import { TabsSection } from './components/tabs-section';

const explore = lazyPage(
  () => import('./routes/explore'),
  (m) => m.ExploreRoute,
);
const targetingLists = lazyPage(
  () => import('./routes/targeting-lists'),
  (m) => m.TargetingListsRoute,
);
const materials = lazyPage(
  () => import('./routes/marketing-materials'),
  (m) => m.MarketingMaterialsRoute,
);
const requestAudience = lazyPage(
  () => import('./routes/requests'),
  (m) => m.RequestAudienceRoute,
);
const marketing = (page: 'about' | 'proTargeting' | 'proSolutions' | 'proCommunity') =>
  lazyPage(
    () => import('./routes/marketing'),
    (m) => m.marketingRoute(page),
  );

/** SPEC §2 pro-targeting routes (aliases share one screen); unknown paths go home. */
export const proRoutes: RouteObject[] = [
  {
    Component: ProLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          {
            index: true,
            lazy: lazyPage(
              () => import('./routes/home'),
              (m) => m.HomeRoute,
              { firstScreen: true },
            ),
          },
          {
            path: '/saved-lists',
            lazy: lazyPage(
              () => import('./routes/saved-lists'),
              (m) => m.SavedListsRoute,
            ),
          },
          {
            path: '/campaigns/new',
            lazy: lazyPage(
              () => import('./routes/campaign-new'),
              (m) => m.CampaignNewRoute,
            ),
          },
          ...['/targeting-lists/:id?', '/native-lists/:id?', '/native-list/:id?'].map((path) => ({
            path,
            lazy: targetingLists,
          })),
          {
            path: '/shared/:token',
            lazy: lazyPage(
              () => import('./routes/shared-list'),
              (m) => m.SharedListRoute,
            ),
          },
          { path: '/request-audience', lazy: requestAudience },
          { path: '/request-audiences', lazy: requestAudience },
          {
            path: '/request-download/:title?',
            lazy: lazyPage(
              () => import('./routes/requests'),
              (m) => m.RequestDownloadRoute,
            ),
          },
          {
            path: '/request-access',
            lazy: lazyPage(
              () => import('./routes/requests'),
              (m) => m.RequestAccessRoute,
            ),
          },
          {
            path: '/request-confirmation',
            lazy: lazyPage(
              () => import('./routes/requests'),
              (m) => m.RequestConfirmationRoute,
            ),
          },
          {
            path: '/request-verification',
            lazy: lazyPage(
              () => import('./routes/requests'),
              (m) => m.RequestVerificationRoute,
            ),
          },
          {
            path: '/job-title',
            lazy: lazyPage(
              () => import('./routes/job-title'),
              (m) => m.JobTitleRoute,
            ),
          },
          {
            Component: SidebarSection,
            children: [
              ...['/explore/:name?', '/xplore/:name?', '/analyze/:name?'].map((path) => ({
                path,
                lazy: explore,
              })),
              {
                path: '/xstats/:country?',
                lazy: lazyPage(
                  () => import('./routes/xstats'),
                  (m) => m.XstatsRoute,
                ),
              },
              {
                path: '/audience-builder',
                lazy: lazyPage(
                  () => import('./routes/audience-builder'),
                  (m) => m.AudienceBuilderRoute,
                ),
              },
              {
                path: '/competitor-analysis',
                lazy: lazyPage(
                  () => import('./routes/competitor-analysis'),
                  (m) => m.CompetitorAnalysisRoute,
                ),
              },
            ],
          },
          {
            Component: TabsSection,
            children: [
              { path: '/about', lazy: marketing('about') },
              { path: '/pro-targeting', lazy: marketing('proTargeting') },
              { path: '/pro-solutions', lazy: marketing('proSolutions') },
              { path: '/pro-community', lazy: marketing('proCommunity') },
              { path: '/marketing-materials', lazy: materials },
              { path: '/materials', lazy: materials },
            ],
          },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

export const createProRouter = () => createBrowserRouter(proRoutes);
