import { createHash } from 'node:crypto';
import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SNAPSHOT_FORMAT } from '@murmur/engine';
import type { Network } from '@murmur/sandbox';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The code that decides what the sandbox exports and how the engine lays out its index. */
const CODE_ROOTS = ['apps/sandbox/src', 'packages/engine/src', 'packages/core/src'];

let codeDigest: string | undefined;

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

/**
 * What a snapshot of the sandbox network must have been built from to be reused: the sandbox's
 * settings (seed, size, …), the code that generated and indexed it, and the snapshot format.
 */
export function sandboxSnapshotSource(network: Network): string {
  const settings = createHash('sha256').update(JSON.stringify(network.config)).digest('hex').slice(0, 16);
  return `sandbox:${network.accounts.count}:${settings}:code-${engineCodeDigest()}:format-${SNAPSHOT_FORMAT}`;
}

/** Where `npm start` keeps the sandbox's snapshot between restarts. */
export const sandboxSnapshotFile = (dataDir: string): string => join(dataDir, 'engine', 'sandbox.snapshot');

/**
 * ENGINE_SNAPSHOT names an engine snapshot (a file written by writeSnapshot, or a folder holding
 * `index.snapshot`) rather than an NDJSON export: the file to load, else undefined.
 */
export function binarySnapshotAt(location: string): string | undefined {
  if (/^https?:\/\//.test(location)) return undefined;
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
