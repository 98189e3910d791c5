// Builds the X Pro Targeting extension into dist/ (load it unpacked from there):
//   npm run build -w @murmur/extension
// MURMUR_ORIGINS: comma-separated origins of Murmur's pages (default: PUBLIC_URL's, else
// http://localhost:3000 — the server's default); ADS_MANAGER_MATCHES: match patterns of X Ads Manager
// (default: ads.x.com and each origin's sandbox stand-in). src/manifest.ts writes the manifest.
import { build } from 'esbuild';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = process.env.EXTENSION_OUT ?? join(here, 'dist');
const pkg = JSON.parse(await readFile(join(here, 'package.json'), 'utf8'));
// The manifest's code is TypeScript (tested in src/manifest.test.ts): bundled here, then imported.
const compiled = await build({
  entryPoints: [join(here, 'src/manifest.ts')],
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
  logLevel: 'warning',
});
const { manifestFor, settingsFrom } = await import(
  `data:text/javascript;base64,${Buffer.from(compiled.outputFiles[0].text).toString('base64')}`
);
const manifest = manifestFor(settingsFrom(process.env, pkg.version));

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
await writeFile(join(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
console.log(`X Pro Targeting ${pkg.version} built in ${out}`);
