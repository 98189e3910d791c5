import react from '@vitejs/plugin-react';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';
import { readFileSync } from 'node:fs';
import { firstCatalogues, firstSections } from './build/first-catalogue';
import { capturePlannedChunks, PLANNING_PASS, planFirstScreenChunks } from './build/first-screen-chunks';
import { mantineCssByComponent } from './build/mantine-css';
import { precompress } from './build/precompress';

const MANTINE_UI = new RegExp(
  String.raw`node_modules/@mantine/(?:core/esm/(?:components/(?:Center|Paper|Skeleton|Title|Input|InputBase|TextInput|NativeSelect|ActionIcon|Combobox/(?:Combobox\.module|ComboboxChevron|get-parsed-combobox-data))|core/utils/create-optional-context)|hooks/esm/(?:use-merged-ref|use-uncontrolled|use-debounced-value|use-disclosure)/)`,
);

const TEAM_COMMON =
  /(?:apps\/web\/src\/(?:lib\/insights-link|features\/teams\/api\/get-teams?|app\/flavours\/dashboard\/(?:team-context|components\/require-auth))|packages\/core\/src\/(?:format\/(?:large-number|date|to-date|percent)|targeting\/enums))\.tsx?$/;

export default defineConfig(async ({ mode, command }) => {
  // A production build plans the first screens' chunks with a planning pass of this same config
  // (build/first-screen-chunks.ts); the planning pass itself, the dev server and tests do without.
  const planning = process.env[PLANNING_PASS] === '1';
  const plan =
    command === 'build' && !planning
      ? await planFirstScreenChunks(`${import.meta.dirname}/vite.config.ts`, mode, import.meta.dirname)
      : undefined;
  const names = plan?.names ?? new Map<string, string>();
  const locales = `${import.meta.dirname}/src/locales`;
  const sections =
    plan === undefined
      ? undefined
      : firstSections(
          plan.modules,
          JSON.parse(readFileSync(`${locales}/en.json`, 'utf8')) as Record<string, unknown>,
        );
  return {
    resolve: {
      // `@/…` is src/ (tsconfig.json's paths say the same for the type checker and eslint's resolver).
      alias: [{ find: /^@\//, replacement: `${import.meta.dirname}/src/` }],
    },
    plugins: [
      react(),
      mantineCssByComponent(),
      firstCatalogues(locales, sections),
      planning
        ? capturePlannedChunks()
        : precompress({ ...loadEnv(mode, import.meta.dirname, 'VITE_'), MODE: mode }),
    ],
    server: {
      port: 5173,
      proxy: {
        '/api': 'http://localhost:3000',
        '/rest-auth': 'http://localhost:3000',
        '/sandbox': 'http://localhost:3000',
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                // What the first screens load, in a few chunks by which of them load it (not ~60 files
                // split by every lazy route that shares a piece): build/first-screen-chunks.ts.
                name: (id: string) => names.get(id) ?? null,
                test: (id: string) => names.has(id),
                priority: 1,
                includeDependenciesRecursively: false,
              },
              {
                // Mantine's small form and layout pieces that nearly every page uses but the shell does
                // not: one file instead of about fifteen tiny ones (each gzip stream costs ~0.3 kB).
                name: 'mantine-ui',
                test: (id: string) => MANTINE_UI.test(id) && !names.has(id),
                includeDependenciesRecursively: false,
              },
              {
                // Small helpers most team pages share (team queries, formatting, error texts): one file.
                name: 'team-common',
                test: (id: string) => TEAM_COMMON.test(id) && !names.has(id),
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
    // The projects that run these (their names, files and isolation): test-projects.ts.
    test: {
      environment: 'jsdom',
      setupFiles: ['src/test/setup.ts'],
      // jsdom rendering of Mantine is slow on a loaded 2-core machine; the default 5 s is too tight.
      testTimeout: 20_000,
    },
  };
});
