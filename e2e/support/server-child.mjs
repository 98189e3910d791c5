import { rmSync } from 'node:fs';

/**
 * Loaded (`--import`) into every server the journeys start (server.ts). A server now outlives the
 * spec file that started it (journey-server.ts shares it between files), so it looks after itself:
 *
 * - it shuts down as on `kill` (main.ts's SIGTERM handler) when the test worker that started it goes
 *   away, even when that worker was killed: its stdin is a pipe from the worker, which closes then;
 * - it removes its own temporary DATA_DIR when it exits, after the database has closed.
 */
const dataDir = process.env.DATA_DIR;
if (dataDir) process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
process.stdin.on('end', () => {
  // Before main.ts has registered its handler (still starting), there is nothing to drain.
  if (process.listenerCount('SIGTERM') > 0) process.kill(process.pid, 'SIGTERM');
  else process.exit(1);
});
process.stdin.resume();
