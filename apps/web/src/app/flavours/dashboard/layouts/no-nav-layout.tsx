import { AppShell } from '@mantine/core';
import { Outlet } from 'react-router';
import { useMe } from '@/lib/api/get-me';
import { getRecentTeam } from '@/lib/storage';
import { Header } from '../components/header';

/** The "dashboard-no-nav" layout: the header only (sign-in, onboarding, team choice, invitations). */
export function NoNavLayout() {
  const me = useMe();
  const user = me.data ?? null;
  const recent = getRecentTeam();
  const teamSlug =
    user !== null && user.memberships.some((membership) => membership.team.slug === recent)
      ? (recent ?? undefined)
      : undefined;
  return (
    <AppShell header={{ height: 56 }} padding="lg">
      <AppShell.Header>
        <Header user={user} teamSlug={teamSlug} />
      </AppShell.Header>
      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
