import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shareEngine, writeSnapshot } from '@murmur/engine';
import { buildIndexFromFile, exportFile, type ExportFile } from '@murmur/engine-cluster';
import { exportChunks, generateNetwork } from '@murmur/sandbox';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'murmur-parallel-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function snapshotOf(file: ExportFile, name: string): Promise<Buffer> {
  const index = await buildIndexFromFile(file);
  index.stats.buildMs = 0;
  const path = join(dir, name);
  writeSnapshot(shareEngine(index).index, path, 'sandbox');
  return readFileSync(path);
}

describe('the parallel build of a sandbox export file (scale-out)', () => {
  it('writes the same snapshot, byte for byte, as the sequential build', async () => {
    const path = join(dir, 'export.ndjson');
    const out = createWriteStream(path);
    for await (const chunk of exportChunks(generateNetwork({ accounts: 3000, seed: 'parallel' })))
      if (!out.write(chunk)) await once(out, 'drain');
    out.end();
    await once(out, 'finish');
    const sequential = await snapshotOf(exportFile(path, 0), 'sequential.snapshot');
    // 256 KB ranges: a few dozen, so that each worker parses several and merges interleave.
    const parallel = await snapshotOf(exportFile(path, 2, 1 << 18), 'parallel.snapshot');
    expect(sequential.length).toBeGreaterThan(1 << 20);
    expect(parallel.equals(sequential)).toBe(true);
  });
});
