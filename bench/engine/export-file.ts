import { createWriteStream, existsSync, renameSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportChunks, generateNetwork } from '@murmur/sandbox';

/**
 * The sandbox export of `accounts` accounts as a file, generated once and reused (generation at 1M
 * takes about a minute and is not what the benchmark measures). `BENCH_EXPORT_DIR` overrides where.
 */
export async function ensureExportFile(
  accounts: number,
  seed: string,
  log: (line: string) => void,
): Promise<string> {
  const dir = process.env.BENCH_EXPORT_DIR ?? tmpdir();
  const file = join(dir, `murmur-export-${seed}-${accounts}.ndjson`);
  if (existsSync(file)) {
    log(`export: reusing ${file} (${(statSync(file).size / 1e9).toFixed(2)} GB)`);
    return file;
  }
  const started = performance.now();
  const network = generateNetwork({ accounts, seed });
  log(`export: generated ${accounts} accounts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const partial = `${file}.partial-${process.pid}`;
  const out = createWriteStream(partial, { encoding: 'utf8', highWaterMark: 1 << 20 });
  for await (const chunk of exportChunks(network)) {
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  renameSync(partial, file);
  log(
    `export: wrote ${file} (${(statSync(file).size / 1e9).toFixed(2)} GB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return file;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const accounts = Number(process.env.BENCH_ACCOUNTS ?? 1_000_000);
  await ensureExportFile(accounts, process.env.BENCH_SEED ?? 'murmur', (l) => console.log(l));
}
