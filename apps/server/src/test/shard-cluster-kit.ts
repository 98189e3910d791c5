import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { Objm } from '@nats-io/obj';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll } from 'vitest';
import { SETS_BUCKET, SHARD_MAP_BUCKET, SNAPSHOT_BUCKET, startReplicas } from '@murmur/engine-cluster';
import { exportChunks } from '@murmur/sandbox';
import { buildEngineInBackground, type EngineHolder } from '../engine/engine-holder';
import { useSandboxTestApp, type SandboxTestApp } from './sandbox-test-kit';

// The app over a sharded engine for the test files that need one: shard processes on the machine's
// NATS, under a prefix of the run's own, and the app's engine built from the same export with the
// shards answering its questions. Without NATS with JetStream the files skip.

export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** The machine's NATS when it has JetStream, else null (the caller skips, with a warning naming it). */
export async function natsWithJetStream(file: string): Promise<NatsConnection | null> {
  const nc = await connect({ servers: NATS_URL, timeout: 2000 }).catch(() => null);
  const jetstream = nc
    ? await jetstreamManager(nc).then(
        () => true,
        () => false,
      )
    : false;
  if (jetstream) return nc;
  console.warn(`${file}: skipped, no NATS with JetStream at ${NATS_URL}`);
  await nc?.close();
  return null;
}

export interface ShardedTestAppOptions {
  nc: NatsConnection;
  /** The sandbox network's seed. */
  seed: string;
  /** The shards' subject prefix, this run's own (e.g. with the pid and the time). */
  prefix: string;
  shards: number;
  /** Called once the shards run, before the app's engine is built (e.g. to listen to their requests). */
  started?: () => void;
}

export interface ShardedTestApp {
  readonly k: SandboxTestApp;
  /** The app's engine: built from the export, with the shards answering its questions. */
  readonly holder: EngineHolder;
  /** How the shards' stores name this run's keys (shard-sets.ts, shard-map.ts, shard-snapshots.ts). */
  readonly token: string;
}

/**
 * The sandbox test app over `shards` shard processes (one replica each) of its network's export.
 * After the file: the shards stopped, and what the run left in the shared stores (its pushed sets,
 * replicas, shard snapshots) and on disk removed. The NATS connection stays the caller's.
 */
export function useShardedTestApp({
  nc,
  seed,
  prefix,
  shards,
  started,
}: ShardedTestAppOptions): ShardedTestApp {
  const token = prefix.replace(/[^A-Za-z0-9_-]/g, '_');
  let dir: string | undefined;
  let cluster: Awaited<ReturnType<typeof startReplicas>> | undefined;
  let holder: EngineHolder | undefined;

  const k = useSandboxTestApp({
    seed,
    holder: async (net) => {
      dir = mkdtempSync(join(tmpdir(), 'murmur-shards-test-'));
      const exportFile = join(dir, 'export.ndjson');
      const out = createWriteStream(exportFile, { encoding: 'utf8' });
      for await (const chunk of exportChunks(net.network)) if (!out.write(chunk)) await once(out, 'drain');
      out.end();
      await once(out, 'finish');
      cluster = await startReplicas({ exportFile, natsUrl: NATS_URL, shards, replicas: 1, prefix });
      started?.();
      holder = buildEngineInBackground({
        source: createReadStream(exportFile, { encoding: 'utf8' }) as AsyncIterable<string>,
        shards: { natsUrl: NATS_URL, shards, prefix, timeoutMs: 20_000 },
      });
      await holder.ready();
      return holder;
    },
  });

  afterAll(async () => {
    await cluster?.stop();
    const kvm = new Kvm(nc);
    for (const bucket of [SETS_BUCKET, SHARD_MAP_BUCKET]) {
      const kv = await kvm.open(bucket).catch(() => undefined);
      if (!kv) continue;
      for await (const key of await kv.keys(`${token}.>`)) await kv.purge(key);
    }
    const objects = await new Objm(nc).open(SNAPSHOT_BUCKET).catch(() => undefined);
    for (const info of (await objects?.list()) ?? [])
      if (info.name.startsWith(`${token}.`)) await objects!.delete(info.name);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  return {
    k,
    get holder() {
      if (!holder) throw new Error('the sharded engine is not built yet (use it inside a test)');
      return holder;
    },
    token,
  };
}
