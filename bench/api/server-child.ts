// The servers bench:api and its A/B (ab.ts) measure, each a child process of the bench: started,
// asked for their CPU time over IPC, stopped.
import { fork, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Node's flags as `npm start` runs the server (package.json's `serve`: `node <flags> <main.ts>`), for
 * every server, so that the product is measured as it is run and the bare hello with the same runtime.
 */
export const SERVE_FLAGS = (() => {
  const pkg = JSON.parse(readFileSync(join(here, '../../package.json'), 'utf8')) as {
    scripts: { serve: string };
  };
  const words = pkg.scripts.serve.split(/\s+/);
  const flags = words.slice(
    1,
    words.findIndex((w) => w.endsWith('.ts')),
  );
  // BENCH_CPU_PROF=<dir>: the servers write a V8 CPU profile there when they exit.
  const profiles = process.env.BENCH_CPU_PROF;
  return profiles ? [...flags, '--cpu-prof', `--cpu-prof-dir=${profiles}`] : flags;
})();

/**
 * Forks a server script (a path) with SERVE_FLAGS, its output to `logFile`; resolves with the first
 * IPC message (its URL and whatever it prepared), rejects if it exits first.
 */
export function startChild<T>(
  script: string,
  logFile: string,
  env: NodeJS.ProcessEnv = process.env,
  execArgv: string[] = SERVE_FLAGS,
): Promise<{ child: ChildProcess; ready: T }> {
  const out = openSync(logFile, 'w');
  const child = fork(script, [], {
    env,
    execArgv,
    stdio: ['ignore', out, out, 'ipc'],
  });
  closeSync(out);
  return new Promise((resolve, reject) => {
    child.once('message', (ready) => resolve({ child, ready: ready as T }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}; see ${logFile}`)));
  });
}

/** A child server's CPU time so far (user + system, all its threads), in µs, asked over IPC. */
export function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const answer = (m: unknown) => {
      const cpu = (m as { cpu?: NodeJS.CpuUsage } | null)?.cpu;
      if (!cpu) return;
      child.off('message', answer);
      resolve(cpu.user + cpu.system);
    };
    child.on('message', answer);
    child.send('cpu');
  });
}

/** Stops a child server (SIGTERM) and waits for it to exit; at once if it has. */
export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  return exited;
}
