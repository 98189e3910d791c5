import '@mantine/core/styles.css';
import '../styles/global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { CrashModal } from '../components/crash-modal';
import { InFlightBar } from '../components/in-flight-bar';
import { NotificationsView } from '../components/notifications-view';
import { crashHandler, installCrashReporting } from '../lib/crash';
import { inFlight } from '../lib/in-flight';
import { notificationStore } from '../lib/notifications';
import { theme } from '../lib/theme';

export interface AppProvidersProps {
  queryClient: QueryClient;
  /** SPEC §2: the dark theme is removed on the dashboard layouts. */
  forceLight: boolean;
  children: ReactNode;
}

/** What every flavour needs around its router: theme, server state, toasts, crash screen, busy bar. */
export function AppProviders({ queryClient, forceLight, children }: AppProvidersProps) {
  useEffect(() => installCrashReporting(), []);
  return (
    <MantineProvider
      theme={theme}
      {...(forceLight ? { forceColorScheme: 'light' as const } : { defaultColorScheme: 'auto' as const })}
    >
      <QueryClientProvider client={queryClient}>
        <InFlightBar tracker={inFlight} />
        {children}
        <NotificationsView store={notificationStore} />
        <CrashModal handler={crashHandler} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
