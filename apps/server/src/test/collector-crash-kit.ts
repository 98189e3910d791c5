import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { SANDBOX_DEV_CREDENTIALS } from '@murmur/core/dev-credentials';
import type { LiveEvent } from '@murmur/core/live';
import { consumeLive, type JetStreamLiveLog } from '@murmur/engine-cluster';
import { createSandboxPlugin, generateNetwork, type Network } from '@murmur/sandbox';
import { createCollector, type Collector } from '../live/collector';
import { checkpointBucket } from '../live/collector-checkpoint';
import { streamSpecs } from '../live/stream-specs';

// What the tests that kill a collector with SIGKILL share (collector-process.test.ts: the collector
// process; server-collector.test.ts: the collector inside the API server): the sandbox on a fast
// clock, a reference collector that is never killed, the child process, and the log read back.

export interface FastSandboxOptions {
  accounts: number;
  seed: string;
  /** The sandbox's clock: simulated seconds a wall second. */
  speed: number;
  /** The reference collector's X app: its connections do not spend the killed one's budget. */
  referenceToken: string;
}

export interface FastSandbox {
  readonly network: Network;
  /** X API v2 base of the sandbox (ends in /2/). */
  readonly streamUrl: string;
}

/**
 * The sandbox on its own port, its clock at `speed` and X's rate-limit window at the same speed
 * (15 simulated minutes); the dev app and the reference app may connect. Registers the file's
 * beforeAll and afterAll (which also closes `nc`).
 */
export function fastSandbox(options: FastSandboxOptions, nc: NatsConnection | null): FastSandbox {
  let network: Network | undefined;
  let sandbox: FastifyInstance | undefined;
  let url: string | undefined;
  beforeAll(async () => {
    network = generateNetwork({ accounts: options.accounts, seed: options.seed, historyDays: 2 });
    sandbox = Fastify();
    const x = {
      bearerTokens: [SANDBOX_DEV_CREDENTIALS.x.bearerToken, options.referenceToken],
      rateLimitWindowSeconds: (15 * 60) / options.speed,
    };
    const clock = { speed: options.speed, stepSeconds: 1 };
    await sandbox.register(createSandboxPlugin({ network, x, clock }), { prefix: '/sandbox' });
    await sandbox.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}/sandbox/x/2/`;
  }, 240_000);
  afterAll(async () => {
    await sandbox?.close();
    await nc?.close();
  });
  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('fastSandbox: read before its beforeAll ran');
    return value;
  };
  return {
    get network() {
      return need(network);
    },
    get streamUrl() {
      return need(url);
    },
  };
}

/** A collector in this process that is never killed, keeping every event it reads. */
export function referenceCollector(
  streamUrl: string,
  bearerToken: string,
  xPartitions: number,
): { collector: Collector; events: LiveEvent[] } {
  const events: LiveEvent[] = [];
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const collector = createCollector({
    baseUrl: streamUrl,
    bearerToken,
    streams: streamSpecs(xPartitions),
    sink: {
      append: (appended) => {
        events.push(...appended);
        return Promise.resolve();
      },
    },
    log: quiet,
  });
  return { collector, events };
}

/** Polls `check` every 50 ms for a minute at most. */
export async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts `script` under tsx with `env` added, resolving once it logs "live: collector ready";
 * `connected` collects the streams it says it connected (`<path>#<partition>`), `onLine` sees every
 * line of its log.
 */
export async function spawnCollector(
  script: string,
  env: Record<string, string>,
  connected: Set<string>,
  onLine: (line: string) => void = () => undefined,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      onLine(line);
      if (line.includes('"live: collector ready"')) resolve();
      if (line.includes('"live: stream connected"')) {
        const { stream: path, partition } = JSON.parse(line) as { stream: string; partition?: number };
        connected.add(`${path}#${partition ?? 0}`);
      }
    });
    child.once('exit', (code) => reject(new Error(`the collector exited (${code}) before it was ready`)));
  });
  return child;
}

/** Waits until neither count moves for half a second (the clock held: both collectors appended). */
export async function settled(count: () => Promise<number>, what: string): Promise<void> {
  let last = -1;
  await until(async () => {
    const now = await count();
    const same = now === last;
    last = now;
    if (!same) await new Promise((resolve) => setTimeout(resolve, 500));
    return same;
  }, what);
}

/** Everything a two-partition log holds, through a consumer from the start. */
export async function wholeLog(log: JetStreamLiveLog): Promise<LiveEvent[]> {
  const logged: LiveEvent[] = [];
  // One stream, nothing deleted: its last sequence is how many events it holds.
  const messages = Math.max(await log.lastSequence(0), await log.lastSequence(1));
  const consumer = await consumeLive({
    log,
    durableName: 'check',
    waitMs: 100,
    engine: { apply: (events) => void logged.push(...events), position: () => ({}) },
  });
  await until(() => Promise.resolve(logged.length >= messages), 'the whole log read');
  await consumer.stop();
  return logged;
}

/** The test's stream and the collector's checkpoint bucket beside it, deleted. */
export async function dropLog(nc: NatsConnection, log: JetStreamLiveLog, stream: string): Promise<void> {
  await log.destroy();
  await new Kvm(nc)
    .open(checkpointBucket(stream))
    .then((kv) => kv.destroy())
    .catch(() => undefined);
}
