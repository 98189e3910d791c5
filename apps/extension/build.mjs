// Builds the X Pro Targeting extension into dist/ (load it unpacked from there):
//   npm run build -w @murmur/extension
// MURMUR_MATCHES: comma-separated match patterns of Murmur's pages (default: localhost, 127.0.0.1);
// ADS_MANAGER_MATCHES: X Ads Manager and the sandbox's stand-in.
import { build } from 'esbuild';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = process.env.EXTENSION_OUT ?? join(here, 'dist');
const list = (value, fallback) =>
  value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : fallback;
const murmur = list(process.env.MURMUR_MATCHES, ['http://localhost/*', 'http://127.0.0.1/*']);
const adsManager = list(process.env.ADS_MANAGER_MATCHES, [
  'https://ads.x.com/*',
  'http://localhost/sandbox/ads-manager/*',
  'http://127.0.0.1/sandbox/ads-manager/*',
]);
const pkg = JSON.parse(await readFile(join(here, 'package.json'), 'utf8'));

await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
await build({
  entryPoints: {
    'content-murmur': join(here, 'src/content-murmur.ts'),
    'content-ads-manager': join(here, 'src/content-ads-manager.ts'),
    background: join(here, 'src/background.ts'),
  },
  outdir: out,
  bundle: true,
  format: 'iife',
  target: 'chrome120',
  minify: false,
  logLevel: 'warning',
});
const manifest = {
  manifest_version: 3,
  name: 'X Pro Targeting',
  description: "Applies Murmur's audiences to the targeting of an X ad account's line items.",
  version: pkg.version,
  permissions: ['storage'],
  // The service worker calls Murmur's API with the extension token (no CORS answer needed).
  host_permissions: murmur,
  background: { service_worker: 'background.js' },
  content_scripts: [
    {
      matches: murmur,
      exclude_matches: murmur.map((m) => m.replace(/\/\*$/, '/sandbox/*')),
      js: ['content-murmur.js'],
      run_at: 'document_idle',
    },
    { matches: adsManager, js: ['content-ads-manager.js'], run_at: 'document_idle' },
  ],
};
await writeFile(join(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
console.log(`X Pro Targeting ${pkg.version} built in ${out}`);
