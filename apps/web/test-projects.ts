import { configDefaults } from 'vitest/config';

/**
 * The web's unit tests as two Vitest projects (vitest.config.ts). Most files share their worker's
 * modules (`isolate: false`): importing React, Mantine and the app once per worker instead of once
 * per file is two thirds of the project's time; src/test/setup.ts puts the shared state back (the
 * language, storage, mocks) before each file. The files below test what happens while a module is
 * first loaded, keep state in a module, or mock one, so they get a fresh module graph of their own.
 */
const ISOLATED = [
  // A menu's code loading while its placeholder button is pressed.
  'src/features/audiences/components/audience-row-actions.test.tsx',
  'src/app/flavours/dashboard/components/header.test.tsx',
  // The extension protocol's state, kept by its module from the first message on.
  'src/lib/extension.test.ts',
  // vi.mock('html-to-image'): a mock applies to the modules a file imports first.
  'src/features/insights/components/insights-screen.test.tsx',
  'src/lib/export-png.test.ts',
];
const ALL = ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'];

export const webTestProjects = [
  {
    extends: './apps/web/vite.config.ts',
    test: {
      name: 'web',
      root: 'apps/web',
      include: ALL,
      exclude: [...configDefaults.exclude, ...ISOLATED],
      isolate: false,
    },
  },
  {
    extends: './apps/web/vite.config.ts',
    test: { name: 'web-isolated', root: 'apps/web', include: ISOLATED },
  },
];
