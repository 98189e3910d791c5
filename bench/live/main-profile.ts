import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/**
 * A diagnostic (bench/README.md "bench:live"): with LIVE_MAIN_CPU_PROFILE set to a file, the server's
 * main thread's CPU profile over one phase of the bench (reports back to back while ingesting), for
 * bench/api/prof-report.ts (its window: 0 to 1e18). Without it, nothing is started. Returns the
 * phase's end, which writes the profile and returns the line to print ('' without a profile).
 */
export async function profileMainThread(): Promise<() => Promise<string>> {
  const file = process.env.LIVE_MAIN_CPU_PROFILE;
  if (!file) return () => Promise.resolve('');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    return `  the main thread's profile over that phase: ${file}\n`;
  };
}
