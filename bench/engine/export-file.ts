import { createWriteStream, existsSync, renameSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportChunks, generateNetwork } from '@murmur/sandbox';

/**
 * The sandbox export of `accounts` accounts as a file, generated once and reused (generation at 1M
 * takes about a minute and is not what the benchmark measures). `BENCH_EXPORT_DIR` overrides where;
 * `BENCH_EXPORT_THREADS` sets the worker threads that write account and post records (default: one
 * per core; 0 writes everything in this thread). Same bytes either way.
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
  const threads = Number(process.env.BENCH_EXPORT_THREADS ?? availableParallelism());
  const seconds = (from: number): string => ((performance.now() - from) / 1000).toFixed(1);
  const peak = (): string => `${(process.resourceUsage().maxRSS / 1e6).toFixed(2)} GB`;
  const started = performance.now();
  const network = generateNetwork({ accounts, seed });
  log(`export: generated ${accounts} accounts in ${seconds(started)} s (peak RSS ${peak()})`);
  const writing = performance.now();
  // CPU time of all threads: the VM is shared, and wall times stretch with other work.
  const cpu = process.cpuUsage();
  const partial = `${file}.partial-${process.pid}`;
  const out = createWriteStream(partial, { encoding: 'utf8', highWaterMark: 1 << 20 });
  // Backpressure: at most one chunk past the stream's buffer is ever waiting in memory.
  for await (const chunk of exportChunks(network, 1 << 16, threads)) {
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  renameSync(partial, file);
  const gb = statSync(file).size / 1e9;
  const written = (performance.now() - writing) / 1000;
  const { user, system } = process.cpuUsage(cpu);
  log(
    `export: wrote ${file} (${gb.toFixed(2)} GB) in ${written.toFixed(1)} s with ${threads} worker threads ` +
      `(${((gb * 1000) / written).toFixed(0)} MB/s, ${((user + system) / 1e6).toFixed(1)} s of CPU; ${seconds(started)} s in all, peak RSS ${peak()})`,
  );
  return file;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const accounts = Number(process.env.BENCH_ACCOUNTS ?? 1_000_000);
  await ensureExportFile(accounts, process.env.BENCH_SEED ?? 'murmur', (l) => console.log(l));
}
