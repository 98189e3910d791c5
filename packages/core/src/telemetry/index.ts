// SPEC §1 and §9: error and performance reporting, the analytics wrapper and the session-replay
// snippet — the constants both the web app and the server report with.

/** SPEC §9: the dashboard's version (the error reports' release) and mode. */
export const DASHBOARD_VERSION = '30.7.3';
export const DASHBOARD_MODE = 'production';

/** SPEC §9: error-reporting sample rate 0.5, traces rate 0.5. */
export const ERROR_SAMPLE_RATE = 0.5;
export const TRACES_SAMPLE_RATE = 0.5;

/** SPEC §9: the session-replay (heatmap) snippet's version. */
export const SESSION_REPLAY_SNIPPET_VERSION = 6;

/** The options every error reporter starts with; nothing is reported without a DSN. */
export const errorReportingOptions = (dsn: string, environment: string) => ({
  dsn,
  release: DASHBOARD_VERSION,
  environment,
  sampleRate: ERROR_SAMPLE_RATE,
  tracesSampleRate: TRACES_SAMPLE_RATE,
});
