import { describe, expect, it } from 'vitest';
import { PageLoading } from '@/components/page-loading';
import { dashboardRoutes } from './flavours/dashboard/router';
import { premiumRoutes } from './flavours/premium/router';
import { proRoutes } from './flavours/pro/router';

describe('the routers of the three flavours', () => {
  it('show PageLoading while the first page’s code loads, from every top-level route', () => {
    for (const routes of [dashboardRoutes, premiumRoutes, proRoutes])
      for (const route of routes) expect(route.HydrateFallback).toBe(PageLoading);
  });
});
