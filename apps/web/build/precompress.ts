// After `vite build`: a brotli (.br) and a gzip (.gz) copy beside every text asset, made once here at
// the highest levels so that the server sends them as they are (@fastify/static's preCompressed)
// instead of compressing on every request, and the page-meta.json the server builds its per-host
// <head> from. Node's zlib only: no plugin to keep pinned to a Node 20-compatible version.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { manifestOf, pageMeta, type BundleChunk } from './page-meta';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|map|webmanifest)$/;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // .vite/ holds the build's own manifests, which the server never sends.
    if (entry.isDirectory() && !entry.name.startsWith('.')) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes file.br and file.gz beside each compressible file of `dir`; answers how many it wrote. */
export async function precompressDir(dir: string): Promise<number> {
  let written = 0;
  for await (const file of filesUnder(dir)) {
    // Source maps are fetched by developer tools only: not worth the build time.
    if (!COMPRESSIBLE.test(file) || file.endsWith('.map')) continue;
    const bytes = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    // A copy that is not smaller would only cost the client a decode.
    if (br.length < bytes.length) await writeFile(`${file}.br`, br);
    if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
    written += 1;
  }
  return written;
}

/** The build step: page-meta.json for the server (in .vite/), then the compressed copies of everything. */
export const precompress = (env: Partial<Record<string, string | undefined>>): Plugin => {
  let outDir = 'dist';
  let root = '';
  let chunks: BundleChunk[] = [];
  return {
    name: 'murmur-precompress',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = join(config.root, config.build.outDir);
    },
    // After Vite dropped the chunks that only carried CSS (their importers list the CSS instead).
    writeBundle(_options, bundle) {
      chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
    },
    async closeBundle() {
      // Under .vite/, which the static plugin does not serve (dotfiles are ignored).
      const manifest = manifestOf(chunks, root);
      await writeFile(
        join(outDir, '.vite/page-meta.json'),
        `${JSON.stringify(pageMeta(env, manifest), null, 2)}\n`,
      );
      await precompressDir(outDir);
    },
  };
};
