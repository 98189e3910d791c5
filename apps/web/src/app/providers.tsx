// Mantine's global styles only; each component's CSS comes with its code (build/mantine-css.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '../styles/global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { ConsentBanner } from '../components/consent-banner';
import { InFlightBar } from '../components/in-flight-bar';
import { crashHandler, installCrashReporting } from '../lib/crash';
import { inFlight } from '../lib/in-flight';
import { notificationStore } from '../lib/notifications';
import { theme } from '../lib/theme';
import { afterFirstScreen, Optional } from '../lib/deferred';

// The crash screen and the toasts are not part of any first screen: their code (the modal, its scroll
// lock and focus trap, the notification cards) loads when the browser is idle after the first render,
// or at once when something has to be shown before that.
const loadCrashModal = () => import('../components/crash-modal');
const loadNotificationsView = () => import('../components/notifications-view');
const CrashModal = lazy(() => loadCrashModal().then((module) => ({ default: module.CrashModal })));
const NotificationsView = lazy(() =>
  loadNotificationsView().then((module) => ({ default: module.NotificationsView })),
);

/** True from the first time `value` is true: a deferred component stays mounted once shown. */
function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}

/** The crash modal and the toasts, mounted once there is something to show. */
function DeferredOverlays() {
  const crashed = useSyncExternalStore(
    useCallback((listener: () => void) => crashHandler.subscribe(listener), []),
    () => crashHandler.current() !== undefined,
  );
  const messages = useSyncExternalStore(
    useCallback((listener: () => void) => notificationStore.subscribe(listener), []),
    () => notificationStore.list().length > 0,
  );
  const showCrash = useOnceTrue(crashed);
  const showMessages = useOnceTrue(messages);
  useEffect(
    () =>
      afterFirstScreen(() => {
        void loadCrashModal();
        void loadNotificationsView();
      }),
    [],
  );
  return (
    <>
      {showMessages && (
        <Optional>
          <Suspense fallback={null}>
            <NotificationsView store={notificationStore} />
          </Suspense>
        </Optional>
      )}
      {showCrash && (
        <Optional>
          <Suspense fallback={null}>
            <CrashModal handler={crashHandler} />
          </Suspense>
        </Optional>
      )}
    </>
  );
}

export interface AppProvidersProps {
  queryClient: QueryClient;
  /** SPEC §2: the dark theme is removed on the dashboard layouts. */
  forceLight: boolean;
  children: ReactNode;
}

/** What every flavour needs around its router: theme, server state, toasts, crash screen, busy bar. */
export function AppProviders({ queryClient, forceLight, children }: AppProvidersProps) {
  useEffect(() => installCrashReporting(), []);
  const { t } = useTranslation();
  // Every close button (modals', drawers') has a name in the user's language (axe button-name).
  const localTheme = useMemo(
    () => ({
      ...theme,
      components: {
        ...theme.components,
        CloseButton: { defaultProps: { 'aria-label': t('common.close') } },
      },
    }),
    [t],
  );
  return (
    <MantineProvider
      theme={localTheme}
      {...(forceLight ? { forceColorScheme: 'light' as const } : { defaultColorScheme: 'auto' as const })}
    >
      <QueryClientProvider client={queryClient}>
        <InFlightBar tracker={inFlight} />
        {children}
        <DeferredOverlays />
        <ConsentBanner />
      </QueryClientProvider>
    </MantineProvider>
  );
}
