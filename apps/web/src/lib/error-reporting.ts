import type * as SentryReact from '@sentry/react';
import { errorReportingOptions } from '@murmur/core/telemetry';

type SentryBrowser = typeof SentryReact;

let sentry: SentryBrowser | undefined;

/**
 * SPEC §1, §9: uncaught errors, unhandled rejections and page performance go to the error-reporting
 * service only when VITE_SENTRY_DSN is set (release = the dashboard version, sample rate 0.5, traces
 * 0.5). The SDK is a separate chunk loaded after the first screen, never without a DSN.
 */
export async function initErrorReporting(
  dsn: string | undefined,
  environment: string,
  load: () => Promise<SentryBrowser> = () => import('@sentry/react'),
): Promise<boolean> {
  if (dsn === undefined || dsn === '') return false;
  const sdk = await load();
  sdk.init({
    ...errorReportingOptions(dsn, environment),
    integrations: [sdk.browserTracingIntegration()],
    sendDefaultPii: false,
  });
  sentry = sdk;
  if (pendingUser !== undefined) sdk.setUser(pendingUser === null ? null : { id: pendingUser });
  return true;
}

let pendingUser: string | null | undefined;

/** The signed-in user's id on every later report (null when signed out); nothing else of them. */
export function setReportedUser(id: number | string | null): void {
  pendingUser = id === null ? null : String(id);
  sentry?.setUser(pendingUser === null ? null : { id: pendingUser });
}

/** Sends what is queued (tests). */
export const flushErrorReporting = (timeoutMs = 2000): Promise<boolean> =>
  sentry === undefined ? Promise.resolve(true) : sentry.flush(timeoutMs);
