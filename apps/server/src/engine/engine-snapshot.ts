import { createHash } from 'node:crypto';
import {
  closeSync,
  createWriteStream,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { SNAPSHOT_FORMAT, type ExportSource } from '@murmur/engine';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The code that decides what the sandbox exports and how the engine lays out its index. */
const CODE_ROOTS = [
  'apps/sandbox/src',
  'packages/engine/src',
  'packages/engine-cluster/src',
  'packages/core/src',
];

/** Set by the production build (apps/server/build.mjs), which may run without the sources. */
declare const MURMUR_ENGINE_CODE_DIGEST: string | undefined;
let codeDigest: string | undefined =
  typeof MURMUR_ENGINE_CODE_DIGEST === 'string' ? MURMUR_ENGINE_CODE_DIGEST : undefined;

/**
 * A digest of the sandbox's, the engine's and the shared core's source (tests left out): a snapshot
 * built by other code — another network generator, another index layout — is never reused for this
 * one, even when the seed and size are the same.
 */
export function engineCodeDigest(): string {
  if (codeDigest) return codeDigest;
  const hash = createHash('sha256');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|json)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) files.push(path);
    }
  };
  for (const root of CODE_ROOTS) walk(join(REPO_ROOT, root));
  for (const file of files.sort()) {
    hash.update(relative(REPO_ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return (codeDigest = hash.digest('hex').slice(0, 24));
}

/** What the snapshot key reads of the sandbox's network, typed here so the engine never loads the sandbox. */
export interface SnapshotSourceNetwork {
  readonly config: unknown;
  readonly accounts: { readonly count: number };
}

/**
 * What a snapshot of the sandbox network must have been built from to be reused: the sandbox's
 * settings (seed, size, …), the code that generated and indexed it, and the snapshot format.
 */
export function sandboxSnapshotSource(network: SnapshotSourceNetwork): string {
  const settings = createHash('sha256').update(JSON.stringify(network.config)).digest('hex').slice(0, 16);
  return `sandbox:${network.accounts.count}:${settings}:code-${engineCodeDigest()}:format-${SNAPSHOT_FORMAT}`;
}

/** Where the live engine's snapshot is kept between restarts (docs/LIVE.md "Snapshots"). */
export const liveSnapshotFile = (dataDir: string): string => join(dataDir, 'engine', 'live.snapshot');

/** Where `npm start` keeps the sandbox's snapshot between restarts. */
export const sandboxSnapshotFile = (dataDir: string): string => join(dataDir, 'engine', 'sandbox.snapshot');

/**
 * ENGINE_SNAPSHOT names an engine snapshot (a file written by writeSnapshot, or a folder holding
 * `index.snapshot`) rather than an NDJSON export: the file to load, else undefined.
 */
export function binarySnapshotAt(location: string): string | undefined {
  if (isUrl(location)) return undefined;
  let file = location;
  try {
    if (statSync(location).isDirectory()) file = join(location, 'index.snapshot');
    const fd = openSync(file, 'r');
    try {
      const magic = Buffer.alloc(8);
      readSync(fd, magic, 0, 8, 0);
      return magic.toString('latin1') === 'MURMURS1' ? file : undefined;
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/** MURMURS1: how every engine snapshot file begins (packages/engine snapshot-file.ts). */
const SNAPSHOT_MAGIC = 'MURMURS1';

export const isUrl = (location: string): boolean => /^https?:\/\//.test(location);

/** Where a snapshot fetched from ENGINE_SNAPSHOT's URL is kept while it loads. */
export const remoteSnapshotFile = (dataDir: string): string => join(dataDir, 'engine', 'remote.snapshot');

/**
 * ENGINE_SNAPSHOT as an http(s) URL: one GET, told apart by its first bytes. An engine snapshot is
 * saved to `file` (through a temporary file renamed into place), to be loaded and checked whole by
 * readSnapshot; anything else is an NDJSON export, decoded and indexed while it arrives.
 */
export async function fetchEngineSource(
  url: string,
  file: string,
): Promise<{ snapshot: string } | { source: ExportSource }> {
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`GET ${url} answered ${response.status}`);
  const chunks = (response.body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let length = 0;
  while (length < SNAPSHOT_MAGIC.length) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    length += next.value.length;
  }
  const all = async function* () {
    yield* head;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  };
  if (Buffer.concat(head).toString('latin1', 0, SNAPSHOT_MAGIC.length) === SNAPSHOT_MAGIC) {
    mkdirSync(dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.download`;
    try {
      await pipeline(Readable.from(all()), createWriteStream(partial));
      renameSync(partial, file);
    } catch (error) {
      rmSync(partial, { force: true });
      throw new Error(`GET ${url} broke off: ${(error as Error).message}`, { cause: error });
    }
    return { snapshot: file };
  }
  return {
    source: (async function* () {
      const decoder = new TextDecoder();
      for await (const chunk of all()) yield decoder.decode(chunk, { stream: true });
      const rest = decoder.decode();
      if (rest) yield rest;
    })(),
  };
}
