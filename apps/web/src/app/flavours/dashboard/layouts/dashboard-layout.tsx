import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { User } from '@murmur/core/api';
import type { ReactNode } from 'react';
import { Header } from '../components/header';
import { TeamNav } from '../components/team-nav';
import classes from './dashboard-layout.module.css';

export interface DashboardLayoutProps {
  user: User;
  teamSlug: string;
  children: ReactNode;
}

/** The "dashboard" layout: header and the team's navigation beside the page. */
export function DashboardLayout({ user, teamSlug, children }: DashboardLayoutProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Header user={user} teamSlug={teamSlug} nav={{ opened, toggle }} />
      </AppShell.Header>
      <AppShell.Navbar>
        <TeamNav slug={teamSlug} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>{children}</AppShell.Main>
    </AppShell>
  );
}
