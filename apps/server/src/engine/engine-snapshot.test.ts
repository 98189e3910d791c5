import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targetingPackageSchema } from '@murmur/core/targeting';
import type { ExportSource } from '@murmur/engine';
import { exportChunks, generateNetwork, type Network } from '@murmur/sandbox';
import { buildEngineInBackground, type EngineSnapshotOptions } from './engine-holder';
import {
  binarySnapshotAt,
  remoteSnapshotFile,
  sandboxSnapshotFile,
  sandboxSnapshotSource,
} from './engine-snapshot';

let dir: string;
let network: Network;
const packages = [
  { languages: [{ label: 'en' }] },
  { keywords: [{ label: 'music' }], age: ['AGE_OVER_25'] },
  { countries: [{ label: 'JP' }], gender: ['FEMALE'] },
].map((p) => targetingPackageSchema.parse(p));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'murmur-engine-snapshot-'));
  network = generateNetwork({ accounts: 1500, seed: 'snapshot-test' });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An export that fails the test if the engine reads it (the snapshot should have been used). */
const untouchable: ExportSource = {
  [Symbol.asyncIterator]() {
    throw new Error('the export was read although a snapshot should have loaded');
  },
};

function holder(snapshot: Partial<EngineSnapshotOptions> & { file: string }, source?: ExportSource) {
  const events: string[] = [];
  const h = buildEngineInBackground({
    source,
    snapshot: {
      source: sandboxSnapshotSource(network),
      rebuild: true,
      onProblem: (m) => events.push(`problem: ${m}`),
      onLoaded: () => events.push('loaded'),
      onWritten: () => events.push('written'),
      ...snapshot,
    },
  });
  return { h, events };
}

const sizes = async (h: ReturnType<typeof holder>['h']) => {
  const engine = await h.ready();
  return packages.map((p) => engine.estimate(p).sampleCount);
};

describe('the sandbox engine snapshot', () => {
  let expected: number[];
  let file: string;

  it('is written after the first build and loaded, not rebuilt, at the next start', async () => {
    file = sandboxSnapshotFile(join(dir, 'data'));
    const first = holder({ file }, exportChunks(network));
    expected = await sizes(first.h);
    expect(first.events).toEqual(['written']);
    expect(statSync(file).size).toBeGreaterThan(10_000);
    expect(expected.some((n) => n > 0)).toBe(true);

    const second = holder({ file }, untouchable);
    expect(await sizes(second.h)).toEqual(expected);
    expect(second.events).toEqual(['loaded']);
  });

  it('is refused when altered, rebuilt from the export and written again', async () => {
    const bytes = readFileSync(file);
    bytes[bytes.length - 10]! ^= 0xff;
    writeFileSync(file, bytes);
    const third = holder({ file }, exportChunks(network));
    expect(await sizes(third.h)).toEqual(expected);
    expect(third.events[0]).toMatch(/corrupt: its checksum does not match; rebuilding it from the export/);
    expect(third.events[1]).toBe('written');
    const fourth = holder({ file }, untouchable);
    expect(await sizes(fourth.h)).toEqual(expected);
  });

  it('is not reused for other sandbox settings', async () => {
    const other = generateNetwork({ accounts: 1500, seed: 'another-seed' });
    expect(sandboxSnapshotSource(other)).not.toBe(sandboxSnapshotSource(network));
    const copy = join(dir, 'other.snapshot');
    copyFileSync(file, copy);
    const h = holder({ file: copy, source: sandboxSnapshotSource(other) }, exportChunks(other));
    await h.h.ready();
    expect(h.events[0]).toMatch(/built from another source/);
    expect(h.events[1]).toBe('written');
  });

  it('named by ENGINE_SNAPSHOT loads as it is, and a bad one fails the engine with a clear message', async () => {
    const folder = join(dir, 'given');
    mkdirSync(folder);
    copyFileSync(file, join(folder, 'index.snapshot'));
    expect(binarySnapshotAt(folder)).toBe(join(folder, 'index.snapshot'));
    const ndjson = join(dir, 'export.ndjson');
    writeFileSync(ndjson, '{"type":"header"}\n');
    expect(binarySnapshotAt(ndjson)).toBeUndefined();
    expect(binarySnapshotAt('https://example.test/export.ndjson')).toBeUndefined();

    const given = holder({ file: join(folder, 'index.snapshot'), source: undefined, rebuild: false });
    expect(await sizes(given.h)).toEqual(expected);

    writeFileSync(join(folder, 'index.snapshot'), readFileSync(file).subarray(0, statSync(file).size - 100));
    const broken = holder({ file: join(folder, 'index.snapshot'), source: undefined, rebuild: false });
    await expect(broken.h.ready()).rejects.toThrow(/engine snapshot was refused: .*truncated/);
    expect(broken.h.status()).toMatchObject({ state: 'failed' });
  });
  it('named by ENGINE_SNAPSHOT as a URL: a snapshot is fetched and loaded, an export indexed as it arrives, a failed GET is a clear failure', async () => {
    const exported: string[] = [];
    for await (const chunk of exportChunks(network)) exported.push(chunk);
    const bodies: Record<string, Buffer | string> = {
      '/index.snapshot': readFileSync(file),
      '/export.ndjson': exported.join(''),
      '/cut.snapshot': readFileSync(file).subarray(0, statSync(file).size - 100),
    };
    const server: Server = createServer((req, res) => {
      const body = bodies[req.url ?? ''];
      res.writeHead(body === undefined ? 404 : 200).end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const remote = remoteSnapshotFile(join(dir, 'remote-data'));
    const at = (path: string, source?: ExportSource) =>
      holder({ file: remote, url: `${base}${path}`, source: undefined, rebuild: false }, source);
    try {
      const snapshot = at('/index.snapshot', untouchable);
      expect(await sizes(snapshot.h)).toEqual(expected);
      expect(snapshot.events).toEqual(['loaded']);
      expect(statSync(remote).size).toBe(statSync(file).size);

      const ndjson = at('/export.ndjson');
      expect(await sizes(ndjson.h)).toEqual(expected);
      expect(ndjson.events).toEqual([]);

      const cut = at('/cut.snapshot');
      await expect(cut.h.ready()).rejects.toThrow(/engine snapshot was refused: .*truncated/);

      const missing = at('/nowhere');
      await expect(missing.h.ready()).rejects.toThrow(/GET .*\/nowhere answered 404/);
      expect(missing.h.status()).toMatchObject({ state: 'failed' });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
