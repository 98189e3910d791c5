// npm run bench:web [-- --no-build] — the dashboard's JavaScript budget (issue 5): the gzip size of
// what the dashboard downloads before its first screen, against 200 kB, and of each lazily loaded
// route and drawing. Reads the Vite manifest of apps/web/dist; writes bench/results/web.json.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { cssOf, filesOf, keyOfSource, routePaths, staticClosure, type Manifest } from './manifest';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const dist = join(root, 'apps/web/dist');
const BUDGET = 200 * 1000; // bytes of gzip: "200 kB"
const log = (line: string) => console.log(line);

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

// The entry chunk and its static imports: what index.html loads (the budget, as issue 5 defines it).
// main.tsx then imports the dashboard flavour's chunk at once, before anything renders; that first
// load (entry + flavour + their static imports) is printed beside it with its own verdict.
const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry === true);
const dashboardKey = keyOfSource(manifest, 'src/app/flavours/dashboard/app.tsx');
if (entryKey === undefined || dashboardKey === undefined) {
  console.error('The manifest has no entry chunk or no dashboard flavour chunk.');
  process.exit(1);
}
const entryKeys = staticClosure(manifest, entryKey);
const initialKeys = staticClosure(manifest, dashboardKey, new Set(entryKeys));
const entryFiles = filesOf(manifest, entryKeys);
const entry = total(entryFiles);
const initialFiles = filesOf(manifest, initialKeys);
const initial = total(initialFiles);
const initialCss = total(cssOf(manifest, initialKeys));
const pass = entry.gzip <= BUDGET;
const firstLoadPass = initial.gzip <= BUDGET;

/** What a lazy chunk adds on top of what is loaded already: its static closure minus `loaded`. */
const added = (key: string, loaded: readonly string[] = initialFiles) => {
  const files = filesOf(manifest, staticClosure(manifest, key)).filter((f) => !loaded.includes(f));
  return { files, ...total(files) };
};

const routerFile = join(root, 'apps/web/src/app/flavours/dashboard/router.tsx');
const paths = routePaths(readFileSync(routerFile, 'utf8'), '/:teamId');
const routes = [...paths]
  .map(([module, path]) => {
    const key = keyOfSource(manifest, `src/app/flavours/dashboard/routes/${module}.tsx`);
    return key === undefined ? undefined : { route: path, source: key, ...added(key) };
  })
  .filter((r) => r !== undefined)
  .sort((a, b) => b.gzip - a.gzip);

// Drawings and export helpers loaded on demand inside screens.
const ON_DEMAND = [
  'components/world-map/world-map.tsx',
  'components/network-graph/network-graph.tsx',
  'components/word-cloud/word-cloud.tsx',
  'node_modules/html-to-image',
  'node_modules/fflate',
];
// Each is measured on top of the first load and the route(s) whose screens import it.
const lazy = ON_DEMAND.map((suffix) => {
  const key = Object.keys(manifest).find((k) => k.includes(suffix) && manifest[k]!.isDynamicEntry === true);
  if (key === undefined) return undefined;
  const users = routes.filter((r) =>
    [...staticClosure(manifest, r.source)].some((k) => manifest[k]!.dynamicImports?.includes(key)),
  );
  const loaded = [
    ...initialFiles,
    ...users.flatMap((r) => filesOf(manifest, staticClosure(manifest, r.source))),
  ];
  return {
    chunk: suffix.replace(/^node_modules\//, ''),
    source: key,
    used_by: users.map((r) => r.route),
    ...added(key, loaded),
  };
}).filter((c) => c !== undefined);

// Code splitting holds: none of the heavy libraries is in the initial JavaScript.
const HEAVY = ['d3-geo', 'd3-force', 'd3-cloud', 'topojson-client', 'world-atlas', 'html-to-image', 'fflate'];
const sources = (keys: Iterable<string>) =>
  [...keys].flatMap((k) => {
    const map = join(dist, `${manifest[k]!.file}.map`);
    return existsSync(map)
      ? ((JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources ?? [])
      : [];
  });
const leaked = HEAVY.filter((name) => sources(initialKeys).some((s) => s.includes(`node_modules/${name}/`)));

log('');
log(`Dashboard initial JavaScript, gzip (budget ${kB(BUDGET)}):`);
log(
  `  entry chunk + static imports:       ${kB(entry.gzip).padStart(9)}  ${pass ? 'PASS' : 'FAIL'}  (${entryFiles.length} files, ${kB(entry.raw)} raw)`,
);
log(
  `  first load with dashboard flavour:  ${kB(initial.gzip).padStart(9)}  ${firstLoadPass ? 'PASS' : 'FAIL'}  (${initialFiles.length} files, ${kB(initial.raw)} raw)`,
);
log(`  initial CSS (not counted): ${kB(initialCss.gzip)} gzip`);
log(`  heavy libraries in the initial JavaScript: ${leaked.length === 0 ? 'none' : leaked.join(', ')}`);
log('');
log('Per route (lazy chunk + what it adds to the initial JavaScript), gzip:');
for (const r of routes) log(`  ${r.route.padEnd(28)} ${kB(r.gzip).padStart(9)}  (${r.files.length} files)`);
log('');
log('Loaded on demand inside screens, gzip:');
for (const c of lazy)
  log(`  ${c.chunk.padEnd(46)} ${kB(c.gzip).padStart(9)}  (with ${c.used_by.join(', ') || '—'})`);

const resultsDir = join(root, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
const result = {
  date: new Date().toISOString(),
  budget_gzip_bytes: BUDGET,
  pass,
  first_load_pass: firstLoadPass,
  gzip_level: 'zlib default (6)',
  entry: { files: entryFiles, ...entry },
  initial: { files: initialFiles, ...initial, css_gzip: initialCss.gzip },
  heavy_in_initial: leaked,
  routes,
  on_demand: lazy,
};
writeFileSync(join(resultsDir, 'web.json'), `${JSON.stringify(result, null, 2)}\n`);
log('');
log(`written: bench/results/web.json`);
if (!pass || leaked.length > 0) process.exitCode = 1;
