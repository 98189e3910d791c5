import { appendFileSync } from 'node:fs';

/**
 * E2E_TIMING_LOG=file: one line per timed step (server start-ups, screenshots, axe runs), so that a
 * run shows what its time went on (README "Measuring").
 */
export async function timed<T>(what: string, work: () => Promise<T>): Promise<T> {
  const file = process.env.E2E_TIMING_LOG;
  if (!file) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    appendFileSync(file, `${what}\t${((performance.now() - started) / 1000).toFixed(2)}\n`);
  }
}
