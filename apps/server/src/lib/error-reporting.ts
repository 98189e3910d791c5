import type * as SentryModule from '@sentry/node';
import type { FastifyRequest } from 'fastify';
import { errorReportingOptions } from '@murmur/core/telemetry';

type SentryNode = typeof SentryModule;

/** The SDK once a DSN was given; the SDK is not even loaded without one. */
let sentry: SentryNode | undefined;

/**
 * SPEC §1, §9: errors and performance go to the error-reporting service only when SENTRY_DSN is set
 * (release = the dashboard version, sample rate 0.5, traces 0.5). Returns whether reporting is on.
 */
export async function initErrorReporting(dsn: string | undefined, environment: string): Promise<boolean> {
  if (dsn === undefined || dsn === '') return false;
  const module = await import('@sentry/node');
  module.init({
    ...errorReportingOptions(dsn, environment),
    sendDefaultPii: false,
    // The app's own error handler reports a 500 once, with the user (reportServerError); the SDK's
    // Fastify integration would report the same error again without them. HTTP tracing stays.
    integrations: (defaults) => defaults.filter((integration) => integration.name !== 'Fastify'),
  });
  sentry = module;
  return true;
}

/** A 500 of the API, with its stack, the request line and the signed-in user's id (never more of them). */
export function reportServerError(error: unknown, request: FastifyRequest): void {
  const sdk = sentry;
  if (sdk === undefined) return;
  const principal = request.principal as FastifyRequest['principal'] | undefined;
  sdk.captureException(error, {
    ...(principal?.kind === 'user' && { user: { id: String(principal.user.id) } }),
    tags: { request_id: request.id },
    contexts: { request: { method: request.method, url: request.routeOptions.url ?? request.url } },
  });
}

/** Sends what is queued (at shutdown, and in tests). */
export const flushErrorReporting = (timeoutMs = 2000): Promise<boolean> =>
  sentry === undefined ? Promise.resolve(true) : sentry.flush(timeoutMs);

/** Stops reporting (tests). */
export async function closeErrorReporting(): Promise<void> {
  await sentry?.close(2000);
  sentry = undefined;
}
