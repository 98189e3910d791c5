import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { withSampleKeys, type SharedIndex } from '../share/share-index';

/**
 * A built index on disk (scale-out): one file that loads back into shared memory without parsing the
 * export again. Layout: the 8-byte magic "MURMURS1", the manifest's length (u32 little-endian), the
 * manifest (JSON), zero padding to 8 bytes, then the data: every typed array of the SharedIndex and
 * every long list of strings (UTF-8 bytes and end offsets), each 8-byte aligned. The manifest holds
 * the rest of the index as JSON with references into the data, the data's length and SHA-256, the
 * snapshot format version, and what the writer says it was built from (`source`). A file that is
 * short, altered, of another format or of another source is refused with a SnapshotError, before
 * anything of it is used: a snapshot loads whole or not at all.
 */

const MAGIC = 'MURMURS1';
/** Bumped whenever the layout of this file changes. */
export const SNAPSHOT_FORMAT = 1;
const ALIGN = 8;
const CHUNK = 64 * 1024 * 1024;

export class SnapshotError extends Error {
  override readonly name = 'SnapshotError';
}

export interface SnapshotManifest {
  format: number;
  /** What the index was built from, as the writer named it (a fingerprint of the export's origin). */
  source: string;
  /** Bytes of data after the manifest, and their SHA-256 (hex). */
  bytes: number;
  sha256: string;
  /** The SharedIndex with references in place of its arrays. */
  tree: unknown;
  /**
   * A live engine's snapshot only (src/live/): the stream position applied (per partition, the last
   * sequence number), so a restart replays only what came after.
   */
  position?: Record<string, number>;
  /** A live engine's snapshot only: the live index's own state, with references as in `tree`. */
  live?: unknown;
  /**
   * A live shard's snapshot only (src/shard/live-shard.ts): which shard, and how many of the export's
   * accounts it was built with (accounts numbered below are owned by number, the others by X id).
   */
  shard?: SnapshotShard;
}

/** Which shard a live shard's snapshot is of (SnapshotManifest.shard). */
export interface SnapshotShard {
  shard: number;
  shards: number;
  exported: number;
}

/** What a live engine's snapshot records beside its index (src/live/live-snapshot.ts). */
export interface SnapshotExtra {
  position?: Record<string, number>;
  live?: unknown;
  shard?: SnapshotShard;
}

type ArrayKind = 'u8' | 'u32' | 'i32' | 'f64';
interface ArrayRef {
  $a: ArrayKind;
  at: number;
  length: number;
}
interface StringsRef {
  $s: true;
  bytes: ArrayRef;
  ends: ArrayRef;
}

/** Lists of strings at least this long are stored as data (the term dictionary), shorter ones in JSON. */
const PACK_STRINGS_FROM = 256;

const kindOf = (value: unknown): ArrayKind | undefined =>
  value instanceof Uint8Array
    ? 'u8'
    : value instanceof Uint32Array
      ? 'u32'
      : value instanceof Int32Array
        ? 'i32'
        : value instanceof Float64Array
          ? 'f64'
          : undefined;

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length >= PACK_STRINGS_FROM && value.every((v) => typeof v === 'string');

/** Writes `index` to `file` (through a temporary file renamed into place: never half-written). */
export function writeSnapshot(
  index: SharedIndex,
  file: string,
  source: string,
  extra: SnapshotExtra = {},
): SnapshotManifest {
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const place = (array: Uint8Array | Uint32Array | Int32Array | Float64Array, kind: ArrayKind): ArrayRef => {
    const at = bytes;
    chunks.push(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    bytes += array.byteLength;
    const pad = (ALIGN - (bytes % ALIGN)) % ALIGN;
    if (pad) {
      chunks.push(new Uint8Array(pad));
      bytes += pad;
    }
    return { $a: kind, at, length: array.length };
  };
  const encoder = new TextEncoder();
  const walk = (value: unknown): unknown => {
    const kind = kindOf(value);
    if (kind) return place(value as Uint8Array, kind);
    if (isStringList(value)) {
      const encoded = value.map((s) => encoder.encode(s));
      const ends = new Uint32Array(encoded.length);
      let total = 0;
      encoded.forEach((e, i) => (ends[i] = total += e.length));
      const all = new Uint8Array(total);
      encoded.forEach((e, i) => all.set(e, i === 0 ? 0 : ends[i - 1]));
      const ref: StringsRef = { $s: true, bytes: place(all, 'u8'), ends: place(ends, 'u32') };
      return ref;
    }
    if (ArrayBuffer.isView(value))
      throw new SnapshotError('The index holds an array type snapshots cannot store');
    if (Array.isArray(value)) return value.map(walk);
    if (value instanceof Map || value instanceof Set) {
      throw new SnapshotError('The index holds a Map or Set: snapshots store plain data only');
    }
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    }
    return value;
  };
  const tree = walk(index);
  const live = extra.live === undefined ? undefined : walk(extra.live);
  const hash = createHash('sha256');
  for (const c of chunks) hash.update(c);
  const manifest: SnapshotManifest = {
    format: SNAPSHOT_FORMAT,
    source,
    bytes,
    sha256: hash.digest('hex'),
    tree,
    ...(extra.position ? { position: { ...extra.position } } : {}),
    ...(live === undefined ? {} : { live }),
    ...(extra.shard ? { shard: { ...extra.shard } } : {}),
  };
  const head = Buffer.from(JSON.stringify(manifest));
  const prefix = Buffer.alloc(12);
  prefix.write(MAGIC, 0, 'latin1');
  prefix.writeUInt32LE(head.length, 8);
  const headPad = (ALIGN - ((12 + head.length) % ALIGN)) % ALIGN;
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    writeAll(fd, prefix);
    writeAll(fd, head);
    writeAll(fd, new Uint8Array(headPad));
    for (const c of chunks) writeAll(fd, c);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temporary, file);
  return manifest;
}

function writeAll(fd: number, data: Uint8Array): void {
  for (let at = 0; at < data.length;) at += writeSync(fd, data, at, Math.min(CHUNK, data.length - at));
}

/** The manifest alone (cheap: for checking a snapshot's source before loading it). */
export function readSnapshotManifest(file: string): SnapshotManifest {
  const fd = openSafely(file);
  try {
    return readHead(fd, file).manifest;
  } finally {
    closeSync(fd);
  }
}

/**
 * Loads a snapshot into shared memory. `expectSource`, when given, must equal the manifest's source.
 * @throws SnapshotError when the file is not a complete, unaltered snapshot of this format (and source).
 */
export function readSnapshot(
  file: string,
  expectSource?: string,
): { index: SharedIndex; manifest: SnapshotManifest; live?: unknown } {
  const fd = openSafely(file);
  try {
    const { manifest, dataAt } = readHead(fd, file);
    if (expectSource !== undefined && manifest.source !== expectSource) {
      throw new SnapshotError(
        `${file} was built from another source (${manifest.source}, expected ${expectSource})`,
      );
    }
    const size = fstatSync(fd).size;
    if (size !== dataAt + manifest.bytes) {
      throw new SnapshotError(
        `${file} is ${size} bytes, its manifest says ${dataAt + manifest.bytes}: truncated or padded`,
      );
    }
    const memory = new SharedArrayBuffer(manifest.bytes);
    const view = new Uint8Array(memory);
    const hash = createHash('sha256');
    for (let at = 0; at < manifest.bytes;) {
      const length = Math.min(CHUNK, manifest.bytes - at);
      const read = readSync(fd, view, at, length, dataAt + at);
      if (read <= 0) throw new SnapshotError(`${file} ended early`);
      hash.update(view.subarray(at, at + read));
      at += read;
    }
    if (hash.digest('hex') !== manifest.sha256)
      throw new SnapshotError(`${file} is corrupt: its checksum does not match`);
    // A snapshot written before the accounts' sample keys were kept (the same layout, one array
    // fewer) gets them computed here, once: no format change, old files load as they are.
    const index = withSampleKeys(revive(manifest.tree, memory, file) as SharedIndex);
    return manifest.live === undefined
      ? { index, manifest }
      : { index, manifest, live: revive(manifest.live, memory, file) };
  } finally {
    closeSync(fd);
  }
}

function openSafely(file: string): number {
  try {
    return openSync(file, 'r');
  } catch (error) {
    throw new SnapshotError(`Cannot open ${file}: ${(error as Error).message}`);
  }
}

function readHead(fd: number, file: string): { manifest: SnapshotManifest; dataAt: number } {
  const prefix = Buffer.alloc(12);
  if (readSync(fd, prefix, 0, 12, 0) !== 12 || prefix.toString('latin1', 0, 8) !== MAGIC) {
    throw new SnapshotError(`${file} is not an engine snapshot`);
  }
  const length = prefix.readUInt32LE(8);
  const head = Buffer.alloc(length);
  if (readSync(fd, head, 0, length, 12) !== length)
    throw new SnapshotError(`${file} ended inside its manifest`);
  let manifest: SnapshotManifest;
  try {
    manifest = JSON.parse(head.toString('utf8')) as SnapshotManifest;
  } catch {
    throw new SnapshotError(`${file} has an unreadable manifest`);
  }
  if (manifest.format !== SNAPSHOT_FORMAT) {
    throw new SnapshotError(
      `${file} is snapshot format ${manifest.format}; this engine reads format ${SNAPSHOT_FORMAT}`,
    );
  }
  if (!Number.isSafeInteger(manifest.bytes) || manifest.bytes < 0 || typeof manifest.sha256 !== 'string') {
    throw new SnapshotError(`${file} has an invalid manifest`);
  }
  const headEnd = 12 + length;
  return { manifest, dataAt: headEnd + ((ALIGN - (headEnd % ALIGN)) % ALIGN) };
}

function revive(tree: unknown, memory: SharedArrayBuffer, file: string): unknown {
  const array = (ref: ArrayRef): Uint8Array | Uint32Array | Int32Array | Float64Array => {
    const width = ref.$a === 'u8' ? 1 : ref.$a === 'f64' ? 8 : 4;
    if (
      !Number.isSafeInteger(ref.at) ||
      !Number.isSafeInteger(ref.length) ||
      ref.at < 0 ||
      ref.length < 0 ||
      ref.at % width !== 0 ||
      ref.at + ref.length * width > memory.byteLength
    ) {
      throw new SnapshotError(`${file} has an array outside its data`);
    }
    if (ref.$a === 'u8') return new Uint8Array(memory, ref.at, ref.length);
    if (ref.$a === 'u32') return new Uint32Array(memory, ref.at, ref.length);
    if (ref.$a === 'i32') return new Int32Array(memory, ref.at, ref.length);
    if (ref.$a === 'f64') return new Float64Array(memory, ref.at, ref.length);
    throw new SnapshotError(`${file} has an unknown array type`);
  };
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    const v = value as Record<string, unknown>;
    if ('$a' in v) return array(v as unknown as ArrayRef);
    if ('$s' in v) {
      const ref = v as unknown as StringsRef;
      const bytes = array(ref.bytes) as Uint8Array;
      const ends = array(ref.ends) as Uint32Array;
      // A Buffer over the shared memory decodes without copying (TextDecoder refuses shared views).
      const text = Buffer.from(memory, bytes.byteOffset, bytes.byteLength);
      const out = new Array<string>(ends.length);
      for (let i = 0; i < ends.length; i++) {
        const start = i === 0 ? 0 : ends[i - 1]!;
        const end = ends[i]!;
        if (start > end || end > bytes.length)
          throw new SnapshotError(`${file} has a string outside its data`);
        out[i] = text.toString('utf8', start, end);
      }
      return out;
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
  };
  return walk(tree);
}
