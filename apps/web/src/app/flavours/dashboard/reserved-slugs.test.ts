import { isReservedTeamSlug } from '@murmur/core/api';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { dashboardRoutes } from './router';

/** The first static segment of every top-level dashboard path (those a team slug would shadow). */
const topLevelSegments = (routes: RouteObject[]): string[] =>
  routes.flatMap((route) => {
    const own =
      route.path !== undefined && route.path.startsWith('/') ? [route.path.split('/')[1] ?? ''] : [];
    const nested = route.path === undefined ? topLevelSegments(route.children ?? []) : [];
    return [...own, ...nested].filter(
      (segment) => segment !== '' && !segment.startsWith(':') && segment !== '*',
    );
  });

describe('team slugs and the dashboard’s own routes (deviation 11)', () => {
  it('reserves every top-level route, so /store is never a team named "Store"', () => {
    const segments = topLevelSegments(dashboardRoutes);
    expect(segments).toContain('store');
    for (const segment of segments) expect(isReservedTeamSlug(segment), segment).toBe(true);
  });
});
