// The production build of the server: `npm run build -w @murmur/server` (the root `npm run build`
// runs it with the web app's and the extension's). esbuild compiles the server and the workspace
// packages it imports (@murmur/core, @murmur/engine, @murmur/sandbox) ahead of time, so that
// `node apps/server/dist/main.mjs` starts without tsx; packages from node_modules stay external
// (native modules such as sharp, and PGlite's WebAssembly files found next to its own code).
//
// Everything lands flat in dist/: the code finds its worker threads with
// `new URL('./engine-worker.mjs', import.meta.url)` and friends, which then name the compiled
// workers built here beside it (the .mjs bootstraps in src/ register tsx for running from source).
// The sandbox is imported dynamically by main.ts and app.ts, so code only it needs sits in chunks
// loaded when SANDBOX_ENABLED=true. With SERVER_WITHOUT_SANDBOX=true (the Dockerfile's build) the
// sandbox is left out altogether: its import fails with a message saying so, and no line of it is in
// dist/. Source maps are written for error reporting; nothing serves dist/.
import { build } from 'esbuild';
import { cp, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const out = process.env.SERVER_OUT ?? join(here, 'dist');
const started = performance.now();

// The digest of the sandbox/engine/core sources that a sandbox engine snapshot must match
// (engine-snapshot.ts): computed here from the sources, since the compiled build may run without them.
const { register } = await import('tsx/esm/api');
const tsx = register({ namespace: 'murmur-server-build' });
const { engineCodeDigest } = await tsx.import('./src/engine/engine-snapshot.ts', import.meta.url);
const codeDigest = engineCodeDigest();
await tsx.unregister();

/** Bare imports other than the workspace's own packages are left to node_modules at run time. */
const externalPackages = {
  name: 'external-node-modules',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@murmur/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const withoutSandbox = process.env.SERVER_WITHOUT_SANDBOX === 'true';
/** SERVER_WITHOUT_SANDBOX=true: `@murmur/sandbox` resolves to a module that refuses to load. */
const leaveSandboxOut = {
  name: 'leave-sandbox-out',
  setup(b) {
    b.onResolve({ filter: /^@murmur\/sandbox(\/.*)?$/ }, (args) => ({
      path: args.path,
      namespace: 'no-sandbox',
    }));
    b.onLoad({ filter: /.*/, namespace: 'no-sandbox' }, () => ({
      contents:
        "throw new Error('This build of the server leaves the sandbox out (built with SERVER_WITHOUT_SANDBOX=true): " +
        "set SANDBOX_ENABLED=false and point X_STREAM_URL and the X settings at X (docs/OPERATIONS.md).');",
      loader: 'js',
    }));
  },
};

await rm(out, { recursive: true, force: true });
const result = await build({
  entryPoints: {
    // entry.ts starts tracing (when configured) before it imports main.ts.
    main: join(here, 'src/entry.ts'),
    migrate: join(here, 'src/db/migrate-cli.ts'),
    backup: join(here, 'src/ops/backup-cli.ts'),
    // The live-data collector on its own (docs/LIVE.md "The collector process"; the Dockerfile's
    // collector target): X's streams → the JetStream live log, nothing else of the server.
    collector: join(here, 'src/live/collector-main.ts'),
    // Worker threads, named as the code that starts them expects (see above).
    'engine-worker': join(here, 'src/engine/engine-worker.ts'),
    // A live engine's reports thread (docs/LIVE.md "Insights while ingesting").
    'live-reports-worker': join(here, 'src/engine/live-reports-worker.ts'),
    'parse-worker': join(root, 'packages/engine-cluster/src/parallel/parse-worker.ts'),
    // The sandbox's export, in a worker thread of its own (development and tests only).
    ...(!withoutSandbox && { 'export-worker': join(root, 'apps/sandbox/src/export/export-worker.ts') }),
  },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  outExtension: { '.js': '.mjs' },
  // Flat, so that a chunk's import.meta.url resolves the workers and migrations beside it.
  chunkNames: 'chunk-[hash]',
  sourcemap: 'linked',
  sourcesContent: false,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  define: { MURMUR_ENGINE_CODE_DIGEST: JSON.stringify(codeDigest) },
  plugins: withoutSandbox ? [leaveSandboxOut, externalPackages] : [externalPackages],
});
// database.ts reads the migrations from the folder beside its code.
await cp(join(here, 'src/db/migrations'), join(out, 'migrations'), { recursive: true });
await writeFile(join(out, 'meta.json'), JSON.stringify(result.metafile));
await writeFile(join(out, 'package.json'), JSON.stringify({ type: 'module' }) + '\n');

// The sandbox belongs in the dynamically imported chunks only: say how much of it the product code
// still loads statically (static imports of its constants outside main.ts and app.ts).
const staticOutputs = new Set();
const visit = (file) => {
  if (staticOutputs.has(file)) return;
  staticOutputs.add(file);
  for (const i of result.metafile.outputs[file].imports)
    if (i.kind === 'import-statement' && !i.external) visit(i.path);
};
visit(Object.keys(result.metafile.outputs).find((f) => f.endsWith('/main.mjs')));
const sandboxBytes = [...staticOutputs]
  .flatMap((f) => Object.entries(result.metafile.outputs[f].inputs))
  .filter(([input]) => input.includes('apps/sandbox/') || input.startsWith('../sandbox/'))
  .reduce((sum, [, i]) => sum + i.bytesInOutput, 0);
if (sandboxBytes > 0) {
  console.warn(
    `Note: ${(sandboxBytes / 1e3).toFixed(0)} kB of sandbox code is loaded statically by main.mjs ` +
      `(product code importing from @murmur/sandbox); see dist/meta.json.`,
  );
}

const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.mjs'))
  .reduce((sum, [, o]) => sum + o.bytes, 0);
console.log(
  `Server built into ${relative(process.cwd(), out) || '.'} in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
    `(${(bytes / 1e6).toFixed(1)} MB of JavaScript; start it with: node ${relative(process.cwd(), join(out, 'main.mjs'))})`,
);
