/**
 * OpenTelemetry tracing (the official Node SDK), started only when OTEL_EXPORTER_OTLP_ENDPOINT is set:
 * without it nothing here is even imported (the entry imports this module dynamically), so tracing
 * costs nothing when off. Spans of incoming and outgoing HTTP (@opentelemetry/instrumentation-http),
 * of Fastify's routes and hooks (@fastify/otel, registered on the app when it is created) and of
 * PostgreSQL queries (@opentelemetry/instrumentation-pg) go to the OTLP/HTTP collector; the SDK reads
 * the standard OTEL_* variables (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER, …).
 *
 * Must run before the server's modules are imported: the instrumentations patch `pg` and `http` as
 * they load (import-in-the-middle's loader hook for ES modules, registered first).
 */
export async function startTracing(): Promise<() => Promise<void>> {
  const { register } = await import('node:module');
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  // Prometheus serves the metrics (plugins/metrics.ts) and pino the logs: only traces go to OTLP.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  process.env.OTEL_SERVICE_NAME ??= 'murmur-server';
  const [{ NodeSDK }, { HttpInstrumentation }, { PgInstrumentation }, { FastifyOtelInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@fastify/otel'),
    ]);
  const sdk = new NodeSDK({
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes every few seconds would drown the traces that matter.
        ignoreIncomingRequestHook: (request) => /^\/(?:healthz|readyz|metrics)\b/.test(request.url ?? ''),
      }),
      new PgInstrumentation(),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    ],
  });
  sdk.start();
  return () => sdk.shutdown();
}
