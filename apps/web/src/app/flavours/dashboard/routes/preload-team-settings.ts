import { completeCatalogue } from '@/lib/i18n';

/**
 * Fetches what a new team's first page needs — the team layout's and team settings' code and the
 * interface language's whole catalogue — while the user types the team's name (welcome, choose team),
 * so that "Create team" opens the team at once instead of waiting for them after the team is made. A
 * failure here is not reported: the navigation loads them again and shows its own error.
 */
export function preloadTeamSettings(): void {
  for (const load of [
    () => import('../layouts/team-layout'),
    () => import('./team-settings'),
    () => completeCatalogue(),
  ])
    load().catch(() => undefined);
}
