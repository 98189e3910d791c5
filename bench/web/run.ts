// npm run bench:web [-- --no-build] — the dashboard's JavaScript budget (issue 5): the gzip size of
// everything the browser downloads before the first screen of /login and of /:teamId/audiences
// renders, against 200 kB; and what each lazily loaded page and drawing adds. Reads the Vite manifest
// of apps/web/dist; writes bench/results/web.json.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { cssOf, filesOf, keyOfSource, staticClosure, type Manifest } from './manifest';
import { modulesForUrl, pageRoutes, parseRouteTree } from './routes';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const dist = join(root, 'apps/web/dist');
const BUDGET = 200 * 1000; // bytes of gzip: "200 kB"
const log = (line: string) => console.log(line);

// The first screens the budget is judged on: the sign-in page, and a team's audiences (where a
// signed-in user lands). A concrete URL for the router's matcher, the route pattern for display.
const FIRST_SCREENS = [
  { url: '/login', label: '/login' },
  { url: '/acme/audiences', label: '/:teamId/audiences' },
];
const LANGUAGES = ['en', 'ja'] as const;

if (!process.argv.includes('--no-build')) {
  log('building apps/web (vite build) …');
  execFileSync('npm', ['run', 'build', '-w', '@murmur/web'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
const manifestFile = join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(
    `No Vite manifest at ${manifestFile}: build the web app (build.manifest is on in vite.config.ts).`,
  );
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const sizeCache = new Map<string, { raw: number; gzip: number }>();
const sizeOf = (file: string) => {
  let size = sizeCache.get(file);
  if (size === undefined) {
    const bytes = readFileSync(join(dist, file));
    // zlib's default level (6), what web servers typically send.
    size = { raw: bytes.length, gzip: gzipSync(bytes).length };
    sizeCache.set(file, size);
  }
  return size;
};
const total = (files: readonly string[]) =>
  files.reduce((sum, f) => ({ raw: sum.raw + sizeOf(f).raw, gzip: sum.gzip + sizeOf(f).gzip }), {
    raw: 0,
    gzip: 0,
  });
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const union = (...lists: (readonly string[])[]) => [...new Set(lists.flat())].sort();
const closureFiles = (keys: Iterable<string>) => {
  const all = new Set<string>();
  for (const key of keys) staticClosure(manifest, key, all);
  return filesOf(manifest, all);
};

/** The JavaScript files of the modules (source paths) whose chunks load before a module runs. */
const sourceMaps = new Map<string, string[]>();
const sourcesOf = (file: string): string[] => {
  let sources = sourceMaps.get(file);
  if (sources === undefined) {
    const map = join(dist, `${file}.map`);
    sources = existsSync(map)
      ? ((JSON.parse(readFileSync(map, 'utf8')) as { sources?: string[] }).sources ?? [])
      : [];
    sourceMaps.set(file, sources);
  }
  return sources;
};

// 1. What index.html loads: the entry chunk and its static imports.
const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry === true);
if (entryKey === undefined) fail('The manifest has no entry chunk.');
const entryFiles = closureFiles([entryKey!]);
const entry = total(entryFiles);

// 2. What main.tsx loads before it renders anything: the dashboard flavour's chunk (and its static
//    imports) and the catalogue of the interface language, one of en.json / ja.json.
const dashboardKey = keyOfSource(manifest, 'src/app/flavours/dashboard/app.tsx');
if (dashboardKey === undefined) fail('The manifest has no dashboard flavour chunk.');
const shellFiles = union(entryFiles, closureFiles([dashboardKey!]));
const shell = total(shellFiles);
const catalogueFiles = Object.fromEntries(
  LANGUAGES.map((language) => {
    const key = keyOfSource(manifest, `src/locales/${language}.json`);
    // A catalogue bundled into the shell (no chunk of its own) is already counted there.
    return [language, key === undefined ? [] : closureFiles([key]).filter((f) => !shellFiles.includes(f))];
  }),
) as Record<(typeof LANGUAGES)[number], string[]>;

// 3. Each first screen: the shell, the catalogue, and the lazily loaded layouts and page React
//    Router loads (in parallel) before it renders the URL.
const routerFile = join(root, 'apps/web/src/app/flavours/dashboard/router.tsx');
const routeTree = parseRouteTree(readFileSync(routerFile, 'utf8'), 'dashboardRoutes');
/** The manifest key of a router-relative module specifier (`./routes/login`). */
const keyOfModule = (specifier: string) => {
  const path = posix.join('src/app/flavours/dashboard', specifier);
  return (
    keyOfSource(manifest, `${path}.tsx`) ??
    keyOfSource(manifest, `${path}.ts`) ??
    fail(`No chunk for ${specifier} (router.tsx) in the manifest.`)
  );
};
const firstScreens = FIRST_SCREENS.map(({ url, label }) => {
  const modules = modulesForUrl(routeTree, url) ?? fail(`No dashboard route matches ${url}.`);
  const routeFiles = closureFiles(modules.map(keyOfModule)).filter((f) => !shellFiles.includes(f));
  const byLanguage = Object.fromEntries(
    LANGUAGES.map((language) => {
      const files = union(shellFiles, catalogueFiles[language], routeFiles);
      return [language, { files: files.length, ...total(files) }];
    }),
  ) as Record<(typeof LANGUAGES)[number], { files: number; raw: number; gzip: number }>;
  const worst = Math.max(...LANGUAGES.map((language) => byLanguage[language].gzip));
  const allFiles = union(shellFiles, ...LANGUAGES.map((l) => catalogueFiles[l]), routeFiles);
  return {
    route: label,
    url,
    lazy_modules: modules,
    route_files: routeFiles,
    route_gzip: total(routeFiles).gzip,
    by_language: byLanguage,
    gzip: worst,
    pass: worst <= BUDGET,
    css_gzip: total(cssOf(manifest, new Set(allFiles.flatMap(keysOfFile)))).gzip,
    all_files: allFiles,
  };
});
function keysOfFile(file: string): string[] {
  return Object.keys(manifest).filter((k) => manifest[k]!.file === file);
}
const pass = firstScreens.every((s) => s.pass);

// 4. Per page: what its layouts and page add on top of the shell (and catalogue).
const seen = new Set<string>();
const routes = pageRoutes(routeTree)
  .filter(({ modules }) => {
    const id = modules.join(' ');
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  })
  .map(({ path, modules }) => {
    const keys = modules.map(keyOfModule);
    const files = closureFiles(keys).filter((f) => !shellFiles.includes(f));
    return { route: path, modules, keys, files, ...total(files) };
  })
  .sort((a, b) => b.gzip - a.gzip);

// 5. Drawings and export helpers loaded on demand inside screens, each measured on top of the first
//    load of the page(s) whose screens import it.
const ON_DEMAND = [
  'components/world-map/world-map.tsx',
  'components/network-graph/network-graph.tsx',
  'components/word-cloud/word-cloud.tsx',
  'node_modules/html-to-image',
  'src/lib/zip.ts', // fflate's zipSync, for "Export all (ZIP)"
];
const lazy = ON_DEMAND.map((suffix) => {
  const key = Object.keys(manifest).find((k) => k.includes(suffix) && manifest[k]!.isDynamicEntry === true);
  if (key === undefined) return undefined;
  const users = routes.filter((r) => {
    const closure = new Set<string>();
    for (const k of r.keys) staticClosure(manifest, k, closure);
    return [...closure].some((k) => manifest[k]!.dynamicImports?.includes(key));
  });
  const loaded = union(shellFiles, ...users.map((r) => r.files));
  const files = closureFiles([key]).filter((f) => !loaded.includes(f));
  return {
    chunk: suffix === 'src/lib/zip.ts' ? 'fflate (lib/zip.ts)' : suffix.replace(/^node_modules\//, ''),
    source: key,
    used_by: users.map((r) => r.route),
    files,
    ...total(files),
  };
}).filter((c) => c !== undefined);

// 6. Code splitting holds: none of the heavy libraries is in a first screen's JavaScript.
const HEAVY = [
  'd3-geo',
  'd3-force',
  'd3-cloud',
  'topojson-client',
  'world-atlas',
  'html-to-image',
  'fflate',
  'zod',
  '@tanstack/react-query-devtools',
];
const firstScreenFiles = union(...firstScreens.map((s) => s.all_files));
const leaked = HEAVY.filter((name) =>
  firstScreenFiles.some((file) => sourcesOf(file).some((s) => s.includes(`node_modules/${name}/`))),
);

log('');
log(`Dashboard first load, JavaScript gzip (budget ${kB(BUDGET)}; zlib level 6):`);
log(
  `  entry chunk + static imports (index.html):   ${kB(entry.gzip).padStart(9)}  (${entryFiles.length} files)`,
);
log(
  `  + dashboard flavour chunk and its imports:   ${kB(shell.gzip).padStart(9)}  (${shellFiles.length} files, ${kB(shell.raw)} raw)`,
);
for (const language of LANGUAGES) {
  log(
    `  catalogue ${language}.json (one is loaded):          ${kB(total(catalogueFiles[language]).gzip).padStart(9)}`,
  );
}
for (const screen of firstScreens) {
  const perLanguage = LANGUAGES.map((l) => `${l} ${kB(screen.by_language[l].gzip)}`).join(', ');
  log(
    `  first screen ${screen.route.padEnd(20)} ${kB(screen.gzip).padStart(9)}  ${screen.pass ? 'PASS' : 'FAIL'}  (+${kB(screen.route_gzip)} layout and page; ${perLanguage}; CSS ${kB(screen.css_gzip)} not counted)`,
  );
}
log(`  heavy libraries in a first screen: ${leaked.length === 0 ? 'none' : leaked.join(', ')}`);
log('');
log('Per page (layout and page chunks + what they add to the shell and catalogue), gzip:');
for (const r of routes) log(`  ${r.route.padEnd(28)} ${kB(r.gzip).padStart(9)}  (${r.files.length} files)`);
log('');
log('Loaded on demand inside screens (on top of their page), gzip:');
for (const c of lazy) {
  log(`  ${c.chunk.padEnd(46)} ${kB(c.gzip).padStart(9)}  (with ${c.used_by.join(', ') || '—'})`);
}

const resultsDir = join(root, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
const result = {
  date: new Date().toISOString(),
  budget_gzip_bytes: BUDGET,
  gzip_level: 'zlib default (6)',
  pass,
  first_screens: firstScreens.map(({ all_files: files, ...screen }) => ({ ...screen, files })),
  entry: { files: entryFiles, ...entry },
  shell: { files: shellFiles, ...shell },
  catalogues: Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      { files: catalogueFiles[language], ...total(catalogueFiles[language]) },
    ]),
  ),
  heavy_in_first_screens: leaked,
  routes: routes.map(({ keys: _keys, ...r }) => r),
  on_demand: lazy,
};
writeFileSync(join(resultsDir, 'web.json'), `${JSON.stringify(result, null, 2)}\n`);
log('');
log(`written: bench/results/web.json`);
if (!pass || leaked.length > 0) process.exitCode = 1;
