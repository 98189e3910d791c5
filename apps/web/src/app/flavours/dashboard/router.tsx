import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { RouteError } from '@/components/route-error';
import { lazyPage } from '@/lib/lazy';
import { DashboardRoot } from './components/dashboard-root';
import { NoNavLayout } from './layouts/no-nav-layout';

/** SPEC §2 dashboard routes. Every page is lazily loaded; a failed load shows RouteError's alert. */
export const dashboardRoutes: RouteObject[] = [
  // No layout.
  {
    path: '/reset-e2e',
    lazy: lazyPage(
      () => import('./routes/reset-e2e'),
      (module) => module.ResetE2eRoute,
    ),
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
  },
  {
    Component: DashboardRoot,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    children: [
      {
        // dashboard-no-nav layout.
        Component: NoNavLayout,
        children: [
          {
            // A pathless boundary, so that a page's failure shows inside the layout.
            ErrorBoundary: RouteError,
            children: [
              {
                path: '/login/:network?',
                lazy: lazyPage(
                  () => import('./routes/login'),
                  (m) => m.LoginRoute,
                  { firstScreen: true },
                ),
              },
              {
                path: '/welcome',
                lazy: lazyPage(
                  () => import('./routes/welcome'),
                  (m) => m.WelcomeRoute,
                ),
              },
              {
                path: '/choose-team',
                lazy: lazyPage(
                  () => import('./routes/choose-team'),
                  (m) => m.ChooseTeamRoute,
                ),
              },
              {
                path: '/:teamId/invite-accept',
                lazy: lazyPage(
                  () => import('./routes/invite-accept'),
                  (m) => m.InviteAcceptRoute,
                ),
              },
              {
                path: '/helper-documents',
                lazy: lazyPage(
                  () => import('./routes/help'),
                  (m) => m.HelperDocumentsRoute,
                ),
              },
              // Standalone audiences: header shown, no team navigation.
              {
                path: '/audiences',
                lazy: lazyPage(
                  () => import('./routes/standalone-audiences'),
                  (m) => m.StandaloneAudiencesRoute,
                ),
              },
              // The public audience store (signed-out visitors are asked to sign in to save).
              {
                path: '/store',
                lazy: lazyPage(
                  () => import('./routes/standalone-store'),
                  (m) => m.StandaloneStoreRoute,
                ),
              },
              // What a usage's share link opens, signed in or out (docs/API-AUDIENCES.md "Share links").
              {
                path: '/shared-usage/:code',
                lazy: lazyPage(
                  () => import('./routes/shared-usage'),
                  (m) => m.SharedUsageRoute,
                ),
              },
              // A store audience's insights without a team; signed out: 'Sign in to access more data'.
              {
                path: '/insights',
                lazy: lazyPage(
                  () => import('./routes/standalone-insights'),
                  (m) => m.StandaloneInsightsRoute,
                ),
              },
            ],
          },
        ],
      },
      {
        // dashboard layout.
        path: '/:teamId',
        lazy: lazyPage(
          () => import('./layouts/team-layout'),
          (m) => m.TeamLayout,
          { firstScreen: true },
        ),
        children: [
          {
            ErrorBoundary: RouteError,
            children: [
              { index: true, element: <Navigate to="audiences" replace /> },
              {
                path: 'account',
                lazy: lazyPage(
                  () => import('./routes/account'),
                  (m) => m.AccountRoute,
                ),
              },
              {
                path: 'team',
                lazy: lazyPage(
                  () => import('./routes/team-settings'),
                  (m) => m.TeamSettingsRoute,
                ),
              },
              {
                path: 'team/audit',
                lazy: lazyPage(
                  () => import('./routes/audit'),
                  (m) => m.AuditRoute,
                ),
              },
              {
                path: 'team/api',
                lazy: lazyPage(
                  () => import('./routes/team-api'),
                  (m) => m.TeamApiRoute,
                ),
              },
              ...(
                [
                  ['campaigns', 'CampaignsRoute'],
                  ['campaigns/new', 'CampaignNewRoute'],
                  ['campaigns/:campaignId', 'CampaignDetailRoute'],
                  ['creatives', 'CreativesRoute'],
                  ['media', 'MediaRoute'],
                ] as const
              ).map(([path, name]) => ({
                path,
                lazy: lazyPage(
                  () => import('./routes/campaigns'),
                  (m) => m[name],
                ),
              })),
              ...(
                [
                  ['guides', 'GuidesRoute'],
                  ['user-manual', 'UserManualRoute'],
                  ['help', 'HelpRoute'],
                ] as const
              ).map(([path, name]) => ({
                path,
                lazy: lazyPage(
                  () => import('./routes/help'),
                  (m) => m[name],
                ),
              })),
              {
                path: 'activity',
                lazy: lazyPage(
                  () => import('./routes/activity'),
                  (m) => m.ActivityRoute,
                ),
              },
              {
                path: 'agency',
                lazy: lazyPage(
                  () => import('./routes/agency'),
                  (m) => m.AgencyRoute,
                ),
              },
              {
                path: 'staff',
                lazy: lazyPage(
                  () => import('./routes/staff'),
                  (m) => m.StaffRoute,
                ),
              },
              {
                path: 'organisation',
                lazy: lazyPage(
                  () => import('./routes/organisation'),
                  (m) => m.OrganisationRoute,
                ),
              },
              {
                path: 'creator',
                lazy: lazyPage(
                  () => import('./routes/creator'),
                  (m) => m.CreatorRoute,
                ),
              },
              {
                path: 'explore-x',
                lazy: lazyPage(
                  () => import('./routes/explore-x'),
                  (m) => m.ExploreXRoute,
                ),
              },
              {
                path: 'audiences',
                lazy: lazyPage(
                  () => import('./routes/audiences'),
                  (m) => m.AudiencesRoute,
                  { firstScreen: true },
                ),
              },
              {
                path: 'audiences/overlap',
                lazy: lazyPage(
                  () => import('./routes/audience-overlap'),
                  (m) => m.AudienceOverlapRoute,
                ),
              },
              {
                path: 'communities',
                lazy: lazyPage(
                  () => import('./routes/communities'),
                  (m) => m.CommunitiesRoute,
                ),
              },
              {
                path: 'interests',
                lazy: lazyPage(
                  () => import('./routes/interests'),
                  (m) => m.InterestsRoute,
                ),
              },
              {
                path: 'store',
                lazy: lazyPage(
                  () => import('./routes/store'),
                  (m) => m.StoreRoute,
                ),
              },
              {
                path: 'insights',
                lazy: lazyPage(
                  () => import('./routes/insights'),
                  (m) => m.InsightsRoute,
                ),
              },
              {
                path: 'lookalikes',
                lazy: lazyPage(
                  () => import('./routes/lookalikes'),
                  (m) => m.LookalikesRoute,
                ),
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/choose-team" replace /> },
    ],
  },
];

export const createDashboardRouter = () => createBrowserRouter(dashboardRoutes);
