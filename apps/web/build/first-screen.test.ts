import { describe, expect, it } from 'vitest';
import { sectionsNamedIn, withNested } from './first-catalogue';
import { planFromChunks, type PlannedChunk } from './first-screen-chunks';

const ROOT = '/app';
const src = (path: string) => `${ROOT}/src/${path}`;
const chunk = (
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  isEntry = false,
): PlannedChunk => ({
  fileName,
  isEntry,
  moduleIds,
  imports,
});

describe('planFromChunks', () => {
  // The entry, the three flavours' shells, the entry pages, the idle loads and one page no first load
  // fetches, split the way the bundler splits them by every lazy route.
  const chunks = [
    chunk('index.js', [src('app/main.tsx'), '/app/node_modules/react-dom/index.js'], [], true),
    chunk('dashboard.js', [src('app/flavours/dashboard/app.tsx')], ['index.js', 'ui.js', 'button.js']),
    chunk('pro.js', [src('app/flavours/pro/app.tsx')], ['index.js', 'ui.js', 'button.js']),
    chunk('premium.js', [src('app/flavours/premium/app.tsx')], ['index.js', 'ui.js']),
    chunk('ui.js', ['/app/node_modules/@mantine/core/Box.mjs', '/app/node_modules/@mantine/core/Box.css']),
    chunk('button.js', ['/app/node_modules/@mantine/core/Button.mjs']),
    chunk('login.js', [src('app/flavours/dashboard/routes/login.tsx')], ['sign-in.js', 'ui.js']),
    chunk('sign-in.js', [src('features/auth/sign-in.tsx')], ['index.js']),
    chunk('team-layout.js', [src('app/flavours/dashboard/layouts/team-layout.tsx')], ['teams.js']),
    chunk('teams.js', [src('features/teams/get-teams.ts')]),
    chunk('audiences.js', [src('app/flavours/dashboard/routes/audiences.tsx')], ['teams.js', 'table.js']),
    chunk('table.js', [src('components/data-table.tsx')]),
    chunk('home.js', [src('app/flavours/pro/routes/home.tsx')], ['sign-in.js']),
    chunk('paused.js', [src('app/flavours/premium/routes/paused.tsx')], ['sign-in.js']),
    chunk('crash.js', [src('components/crash-modal.tsx')]),
    chunk('toasts.js', [src('components/notifications-view.tsx')]),
    chunk('menus.js', [src('app/flavours/dashboard/components/header-menus.tsx')], ['table.js']),
    chunk('campaigns.js', [src('app/flavours/dashboard/routes/campaigns.tsx')], ['table.js']),
  ];
  const { names, modules } = planFromChunks(chunks, ROOT);

  it('puts what every first load fetches in the shell, and leaves the entry and other pages alone', () => {
    expect(names.get('/app/node_modules/@mantine/core/Box.mjs')).toBe('shell');
    expect(names.get('/app/node_modules/@mantine/core/Box.css')).toBe('shell');
    expect(names.has(src('app/main.tsx'))).toBe(false);
    expect(names.has(src('app/flavours/dashboard/routes/campaigns.tsx'))).toBe(false);
  });

  it('names every other module by the first loads that fetch it', () => {
    // The button: the dashboard's and the pro site's shells (and so their idle loads), not Deep Thought's.
    expect(names.get('/app/node_modules/@mantine/core/Button.mjs')).toBe(
      'first-login-team-layout-audiences-home-dashboard-idle-pro-idle',
    );
    // The sign-in form: the login page, the pro home and Deep Thought's home.
    expect(names.get(src('features/auth/sign-in.tsx'))).toBe('first-login-home-paused');
    // A team's layout and what it loads come with My Audiences, not with the login page.
    expect(names.get(src('features/teams/get-teams.ts'))).toBe('first-team-layout-audiences');
    // The table: My Audiences and the dashboard's idle header menus.
    expect(names.get(src('components/data-table.tsx'))).toBe('first-audiences-dashboard-idle');
  });

  it('lists the modules of each flavour’s first loads, entry included', () => {
    expect(modules.pro.has(src('features/auth/sign-in.tsx'))).toBe(true);
    expect(modules.premium.has('/app/node_modules/@mantine/core/Button.mjs')).toBe(false);
    expect(modules.pro.has(src('app/main.tsx'))).toBe(true);
    expect(modules.pro.has(src('components/data-table.tsx'))).toBe(false);
    expect(modules.dashboard.has(src('components/data-table.tsx'))).toBe(true);
  });
});

describe('first-screen catalogue sections', () => {
  const sections = new Set(['login', 'common', 'errors', 'proSite']);

  it('finds the sections a module names in strings and templates, not in other text', () => {
    const code =
      "t('login.title'); t(`errors.${code}`); const x = \"common.close\"; obj.proSite.title; 'other.key'";
    expect([...sectionsNamedIn(code, sections)].sort()).toEqual(['common', 'errors', 'login']);
  });

  it('keeps the sections a kept text nests', () => {
    const catalogue = {
      login: { intro: 'See $t(common.more)' },
      common: { more: 'more $t(errors.network)' },
      errors: { network: 'Offline' },
      proSite: {},
    };
    expect([...withNested(catalogue, new Set(['login']))].sort()).toEqual(['common', 'errors', 'login']);
  });
});
