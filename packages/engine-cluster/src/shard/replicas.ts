import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('./shard-main.ts', import.meta.url));

/** One running replica of one shard (a shard-main.ts process). */
export interface ShardReplica {
  shard: number;
  replica: number;
  pid: number;
  /** What it printed once serving: accounts, bytes, build seconds, resident memory. */
  ready: {
    accounts: number;
    bytes: number;
    /** Seconds to build from the export, or to load the shard's snapshot (`from`). */
    buildSeconds: number;
    rss: number;
    from: 'snapshot' | 'export';
    /** A live shard: the live log position it started from (its snapshot's; {} from the export). */
    position?: Record<string, number>;
  };
  process: ChildProcess;
  /** A live shard: its latest progress line (events applied since it started, and its position). */
  live?: { applied: number; position: Record<string, number> };
  /** A live shard: the snapshots it has written, in order (live/live-shard-snapshots.ts). */
  snapshots: LiveSnapshotWritten[];
}

/** A live shard's snapshot as its replica reported it. */
export interface LiveSnapshotWritten {
  position: Record<string, number>;
  bytes: number;
  seconds: number;
  /** Events the replica had applied since it started. */
  applied: number;
}

export interface ReplicaOptions {
  exportFile: string;
  natsUrl: string;
  shards: number;
  replicas: number;
  prefix?: string;
  /** When set, each replica follows the live log of this many partitions (live/replica-live.ts). */
  livePartitions?: number;
  /** The live log's JetStream stream (default MURMUR_LIVE). */
  liveStream?: string;
  /** A live shard writes its snapshot this often, and when it stops (default 600; 0: only then). */
  liveSnapshotSeconds?: number;
  /** Replicas started at once (each indexes its part of the export: CPU and memory). Default 2. */
  concurrency?: number;
  /**
   * A replica not serving after this long is killed and its start fails with what it printed on
   * stderr (default 15 minutes: a large shard's build).
   */
  readyTimeoutMs?: number;
  log?: (line: string) => void;
}

/** Starts one replica and resolves once it serves (rejects if it exits first). */
export async function startReplica(
  options: Omit<ReplicaOptions, 'replicas' | 'concurrency'>,
  shard: number,
  replica: number,
): Promise<ShardReplica> {
  const args = ['--import', 'tsx', MAIN, '--export', options.exportFile, '--shard', String(shard)];
  args.push(
    '--shards',
    String(options.shards),
    '--nats',
    options.natsUrl,
    '--replica',
    `${shard}.${replica}`,
  );
  if (options.prefix) args.push('--prefix', options.prefix);
  if (options.livePartitions) args.push('--live-partitions', String(options.livePartitions));
  if (options.liveStream) args.push('--live-stream', options.liveStream);
  if (options.liveSnapshotSeconds !== undefined)
    args.push('--live-snapshot-seconds', String(options.liveSnapshotSeconds));
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines = createInterface({ input: child.stdout });
  // What a live shard reports after it is ready lands on the replica's object, as it comes.
  const seen: Pick<ShardReplica, 'live' | 'snapshots'> = { snapshots: [] };
  const ready = new Promise<ShardReplica['ready']>((resolve, reject) => {
    lines.on('line', (line) => {
      try {
        const message = JSON.parse(line) as { ready?: boolean } & ShardReplica['ready'] &
          Pick<ShardReplica, 'live'> & { snapshot?: LiveSnapshotWritten };
        if (message.ready) resolve(message);
        else if (message.live) seen.live = message.live;
        else if (message.snapshot) seen.snapshots.push(message.snapshot);
      } catch {
        options.log?.(`shard ${shard}.${replica}: ${line}`);
      }
    });
    child.once('exit', (code, signal) =>
      reject(
        new Error(`shard ${shard} replica ${replica} exited (${code ?? signal}) before serving: ${stderr}`),
      ),
    );
  });
  const limit = options.readyTimeoutMs ?? 15 * 60_000;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`shard ${shard} replica ${replica} not serving after ${limit / 1000} s: ${stderr}`));
    }, limit);
  });
  const r = await Promise.race([ready, late]).finally(() => clearTimeout(timer));
  options.log?.(
    `shard ${shard}.${replica}: pid ${child.pid}, ${r.accounts} accounts, built in ${r.buildSeconds} s, rss ${(r.rss / 1e6).toFixed(0)} MB`,
  );
  return Object.assign(seen, { shard, replica, pid: child.pid!, ready: r, process: child });
}

/**
 * Starts `shards` × `replicas` shard processes over one export (scale-out's tests, bench and
 * `npm run dev:cluster`), a few at a time, and resolves once all serve.
 */
export async function startReplicas(options: ReplicaOptions): Promise<{
  replicas: ShardReplica[];
  stop(): Promise<void>;
}> {
  const started: ShardReplica[] = [];
  const stop = async () => {
    await Promise.all(
      started.map(async (r) => {
        if (r.process.exitCode !== null || r.process.signalCode !== null) return;
        const exited = once(r.process, 'exit');
        r.process.kill('SIGTERM');
        await exited;
      }),
    );
  };
  // [shard, replica] pairs not started yet, taken in turn by `concurrency` lanes.
  const toStart: [number, number][] = [];
  for (let replica = 0; replica < options.replicas; replica++)
    for (let shard = 0; shard < options.shards; shard++) toStart.push([shard, replica]);
  try {
    const lanes = Array.from({ length: Math.max(1, options.concurrency ?? 2) }, async () => {
      for (let next = toStart.shift(); next; next = toStart.shift()) {
        started.push(await startReplica(options, next[0], next[1]));
      }
    });
    await Promise.all(lanes);
  } catch (error) {
    await stop();
    throw error;
  }
  started.sort((a, b) => a.shard - b.shard || a.replica - b.replica);
  return { replicas: started, stop };
}
