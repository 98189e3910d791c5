// X's stand-in as bench:live drives it (pipeline.ts): mounted in the server's process, or in a
// child process of its own (sandbox-process.ts) over the fork's IPC channel.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Network } from '@murmur/sandbox';
import { describeAccounts } from './describe-accounts';
import type { FromSandbox, ToSandbox } from './sandbox-process';

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/** X's stand-in as the bench drives it: its clock held and released, its simulated now, its export. */
export interface XSource {
  /** Holds the clock still; the function returned lets it run again. */
  hold(): Promise<() => Promise<void>>;
  /** The simulated now, ms since the epoch. */
  now(): Promise<number>;
  exportUrl(): string;
  /** The network itself, when it is in this process (for the differences' details). */
  network?: Network;
  /** What the network says of these X ids (its flags, when it was created), for the reader. */
  describe(ids: string[]): Promise<string[]>;
  /** The process's resident memory, when it is another process's (MB, for the reader). */
  rss?: () => string;
  /** The process's id, when it is another process (cpu-share.ts reads its CPU time). */
  pid?: number;
  close(): void;
}

export function mountedSource(network: Network, url: () => string): XSource {
  const simulation = network.simulation;
  return {
    hold: () => {
      simulation.holds++;
      let held = true;
      return Promise.resolve(() => {
        if (held) simulation.holds--;
        held = false;
        return Promise.resolve();
      });
    },
    now: () => Promise.resolve(network.clock.now * 1000),
    exportUrl: () => `${url()}/sandbox/export`,
    describe: (ids) => Promise.resolve(describeAccounts(network, ids)),
    network,
    close: () => undefined,
  };
}

/** The sandbox in a child process (sandbox-process.ts), its clock held from its start. */
export async function processSource(settings: {
  accounts: number;
  speed: number;
  logLevel: string;
}): Promise<XSource & { url: string; generatedSeconds: number; release(): Promise<void> }> {
  const child = fork(new URL('./sandbox-process.ts', import.meta.url), [], {
    // SANDBOX_CPU_PROFILE=<dir>: X's stand-in writes its CPU profile there when it exits (read it
    // with bench/api/prof-report.ts).
    execArgv: [
      '--max-old-space-size=8192',
      ...(process.env.SANDBOX_CPU_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SANDBOX_CPU_PROFILE}`]
        : []),
      '--import',
      'tsx',
    ],
    env: {
      ...process.env,
      SANDBOX_ACCOUNTS: String(settings.accounts),
      SANDBOX_SEED: 'bench-live',
      SANDBOX_CLOCK_SPEED: String(settings.speed),
      LOG_LEVEL: settings.logLevel,
    },
  });
  let nextId = 0;
  let lastRss = 0;
  const waiting = new Map<number, (answer: Extract<FromSandbox, { type: 'answer' }>) => void>();
  const ready = new Promise<Extract<FromSandbox, { type: 'ready' }>>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the sandbox process exited (${code})`)));
    child.on('message', (message: FromSandbox) => {
      if (message.type === 'ready') {
        lastRss = message.rssBytes;
        resolve(message);
      } else {
        waiting.get(message.id)?.(message);
        waiting.delete(message.id);
      }
    });
  });
  const ask = (type: 'hold' | 'release' | 'now' | 'accounts', ids: string[] = []) =>
    new Promise<Extract<FromSandbox, { type: 'answer' }>>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      child.send((type === 'accounts' ? { id, type, ids } : { id, type }) satisfies ToSandbox);
    });
  const { url, generatedSeconds } = await ready;
  const release = async () => void (await ask('release'));
  return {
    url,
    generatedSeconds,
    // The hold it started with.
    release,
    hold: async () => {
      await ask('hold');
      let held = true;
      return async () => {
        if (held) await release();
        held = false;
      };
    },
    now: async () => (await ask('now')).now,
    exportUrl: () => `${url}/sandbox/export`,
    pid: child.pid,
    describe: async (ids) => (await ask('accounts', ids)).accounts ?? [],
    rss: () => {
      // The child's rss from /proc (Linux), else the last it reported.
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
        if (kb > 0) lastRss = kb * 1024;
      } catch {
        // gone
      }
      return mb(lastRss);
    },
    close: () => void child.kill(),
  };
}
