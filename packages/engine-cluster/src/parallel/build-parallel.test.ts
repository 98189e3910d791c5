import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shareEngine, writeSnapshot } from '@murmur/engine';
import { fixtureLines, NETWORK_A } from '@murmur/engine/testing';
import type { BuildOptions } from '@murmur/engine/ingest';
import { buildIndexFromFile } from './build-file';
import { exportFile } from './export-file';

const dir = mkdtempSync(join(tmpdir(), 'murmur-parallel-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const fileOf = (text: string): string => {
  const path = join(dir, `export-${files++}.ndjson`);
  writeFileSync(path, text);
  return path;
};

/** The snapshot bytes of an index: every typed array, string column and term, in one file. */
async function snapshotBytes(
  build: Promise<Awaited<ReturnType<typeof buildIndexFromFile>>>,
): Promise<Buffer> {
  const index = await build;
  index.stats.buildMs = 0;
  const path = join(dir, `snapshot-${files++}`);
  writeSnapshot(shareEngine(index).index, path, 'test');
  return readFileSync(path);
}

/** The sequential or the parallel build of an export file (tiny ranges: every worker gets several). */
const build = (path: string, how: 'sequential' | 'parallel', options: BuildOptions = {}) =>
  buildIndexFromFile(how === 'sequential' ? exportFile(path, 0) : exportFile(path, 2, 512), options);

const text = fixtureLines(NETWORK_A).join('\n') + '\n';

describe('buildIndex of an export file in parallel', () => {
  it('gives the sequential build byte for byte (snapshot of the fixture)', async () => {
    const path = fileOf(text);
    const a = await snapshotBytes(build(path, 'sequential', { keepPostText: 'all' }));
    const b = await snapshotBytes(build(path, 'parallel', { keepPostText: 'all' }));
    expect(b.length).toBeGreaterThan(1000);
    expect(b.equals(a)).toBe(true);
  });

  it('names the same line as the sequential build for a line that is not JSON', async () => {
    const lines = text.split('\n');
    const broken = fileOf([...lines.slice(0, 9), '', '{"type":"post",', ...lines.slice(9)].join('\n'));
    for (const how of ['sequential', 'parallel'] as const)
      await expect(build(broken, how)).rejects.toThrow(
        'Line 11 of the export is not valid JSON: {"type":"post",',
      );
  });

  it('refuses an export cut short, mid-line or at a line end, as the sequential build does', async () => {
    const midLine = fileOf(text.slice(0, Math.floor(text.length * 0.6)));
    const seq = await build(midLine, 'sequential').catch((e: Error) => e.message);
    expect(seq).toMatch(/^Line \d+ of the export is not valid JSON/);
    await expect(build(midLine, 'parallel')).rejects.toThrow(seq);
    const lines = text.trimEnd().split('\n');
    const cut = fileOf([...lines.slice(0, 5), ...lines.slice(-1)].join('\n'));
    for (const how of ['sequential', 'parallel'] as const)
      await expect(build(cut, how)).rejects.toThrow(
        'The export is incomplete: its trailer counts 28 records, 6 were read.',
      );
  });

  it('refuses a file that is not an export, as the sequential build does', async () => {
    await expect(
      buildIndexFromFile(exportFile(fileOf('{"format":"csv","version":1}\n{}\n'), 2)),
    ).rejects.toThrow('Not a Murmur sandbox export: the first line has format "csv"');
    await expect(buildIndexFromFile(exportFile(fileOf(''), 2))).rejects.toThrow('The export is empty');
  });
});
