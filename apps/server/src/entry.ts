// The compiled server's entry (apps/server/build.mjs → dist/main.mjs): tracing first when asked for,
// since it must patch modules before they load (plugins/tracing.ts), then the server itself.
let stopTracing: (() => Promise<void>) | undefined;
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const { startTracing } = await import('./plugins/tracing');
  stopTracing = await startTracing();
}
const { main } = await import('./main');
await main({ ...(stopTracing && { onShutdown: stopTracing }) });

export {};
