import { defineConfig } from 'vitest/config';
import { webTestProjects } from './apps/web/test-projects';

// One runner for every workspace's unit and API tests; browser journeys live in e2e/ (Playwright).

// Every sandbox network a test generates ends its history at one fixed instant, whatever the day
// (the default anchor is the wall clock's day): a test's expectations must not change overnight.
process.env.SANDBOX_ANCHOR ??= '2026-08-01T00:00:00Z';
export default defineConfig({
  test: {
    projects: [
      {
        // core, engine, engine-cluster and sandbox files share their worker's modules (isolate: false) as the server's
        // do: importing them once per worker instead of once per file. Their tests mock no module and
        // restore fake timers after each test; the modules' caches are pure (same input, same value).
        test: {
          name: 'core',
          root: 'packages/core',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        test: {
          name: 'engine',
          root: 'packages/engine',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          isolate: false,
          testTimeout: 60_000,
        },
      },
      {
        // Shards, replicas and NATS: the tests start real nats-server processes and shard replicas.
        test: {
          name: 'engine-cluster',
          root: 'packages/engine-cluster',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Generating networks is CPU-bound; on a loaded 2-core machine a test can take several seconds.
        test: {
          name: 'sandbox',
          root: 'apps/sandbox',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          isolate: false,
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'extension',
          root: 'apps/extension',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      ...webTestProjects,
    ],
    passWithNoTests: true,
    // Vitest's default is cores − 1 (one worker on this 2-core machine); files are independent.
    maxWorkers: 2,
  },
});
