import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  createEmptyLiveEngine,
  inSlices,
  inMemoryEngine,
  LIVE_BUILD_OPTIONS,
  liveEngine,
  readLiveSnapshot,
  readSnapshot,
  shareLiveEngineSteps,
  shareEngine,
  sharedEngineFrom,
  SnapshotError,
  writeSnapshot,
  type AudienceEngine,
  type BuildOptions,
  type ExportSource,
  type SharedEngine,
} from '@murmur/engine';
import {
  buildIndexFromFile,
  connectShardedEngine,
  exportFile,
  type ShardedEngine,
} from '@murmur/engine-cluster';
import { ServiceUnavailable } from '../errors';
import { fetchEngineSource } from './engine-snapshot';
import { serverAsyncEngine, shardedServerEngine, type ServerAudienceEngine } from './engine-async';
import { isLiveEngine, workOnThisThread } from './engine-live-work';
import { startLiveReports } from './live-reports';
import { createEnginePool, inProcessWork, type EngineWork } from './engine-work';

export type EngineState =
  | { state: 'loading'; records: number; totalRecords: number | undefined; startedAt: number }
  | { state: 'ready'; accounts: number; seconds: number; workers: number }
  | { state: 'failed'; message: string };

/**
 * The server's handle on the audience engine (ARCHITECTURE §3/§7). The engine is built once at
 * start-up from a snapshot of the network (the sandbox's bulk export, or a file / URL in
 * production) while the server already answers: until it is ready, routes that need it answer 503
 * with the loading progress, and `GET /api/engine/status/` reports it.
 *
 * Heavy work (insights, comparisons, competitor analysis) goes through `work()`: a pool of worker
 * threads that read the engine's index in shared memory (ENGINE_WORKERS, engine-work.ts), so the
 * event loop stays free; estimates, lookups and autocomplete use `get()` on this thread.
 */
export interface EngineHolder {
  /** The engine, or a 503 `ServiceUnavailable` while it loads or after it failed. */
  get(): AudienceEngine;
  /** The heavy-work surface (worker pool, or this thread), or a 503 like `get()`. */
  work(): EngineWork;
  /**
   * The asynchronous engine interface (scale-out): this engine (and its worker threads), or the
   * shards on NATS when the server runs over a sharded engine; a 503 like `get()` until ready.
   */
  audiences(): ServerAudienceEngine;
  /**
   * Registers a set of accounts as a custom audience (an upload's members, a saved lookalike's) under
   * `name`: over shards it is first pushed to them — stored per shard in JetStream KV, so every
   * replica, and one started later, counts it (shard-sets.ts of @murmur/engine-cluster) — then in
   * this engine (its worker threads read it there). A 503 when the shards cannot take it.
   */
  registerSet(name: string, members: ArrayLike<number>): Promise<void>;
  /** Forgets a custom audience, on the shards and here. */
  removeSet(name: string): Promise<void>;
  /** Resolves when the engine is ready (rejects if building failed). */
  ready(): Promise<AudienceEngine>;
  status(): EngineState;
  /** Stops the worker threads (the app's onClose). */
  close(): Promise<void>;
}

/** A holder over an engine that already exists (tests); heavy work on this thread unless given. */
export function readyEngine(
  engine: AudienceEngine,
  work: EngineWork = workOnThisThread(engine),
  audiences: ServerAudienceEngine = serverAsyncEngine(engine, work),
): EngineHolder {
  return {
    get: () => engine,
    work: () => work,
    audiences: () => audiences,
    ...customSets(
      () => engine,
      () => undefined,
    ),
    ready: () => Promise.resolve(engine),
    status: () => ({ state: 'ready', accounts: engine.stats.accounts, seconds: 0, workers: work.threads }),
    close: () => work.close(),
  };
}

/**
 * An engine snapshot (scale-out): loaded instead of building when it is whole and of `source`; with
 * `rebuild` a refused or missing one is built from the export and written for the next start.
 */
export interface EngineSnapshotOptions {
  file: string;
  /**
   * ENGINE_SNAPSHOT given as an http(s) URL: fetched first; an engine snapshot is saved to `file`
   * and loaded from it, anything else is read as an NDJSON export while it arrives.
   */
  url?: string;
  /** What it must have been built from (see engine-snapshot.ts); any when undefined. */
  source: string | undefined;
  /** Build from the export when the snapshot is missing or refused, and write it. */
  rebuild: boolean;
  /** A snapshot was refused (corrupt, truncated, another source or format) or could not be written. */
  onProblem?: (message: string) => void;
  /** How it went: loaded (seconds), or built and written (seconds to write). */
  onLoaded?: (seconds: number) => void;
  onWritten?: (seconds: number) => void;
}

export interface BuildEngineOptions {
  /** The export to build from (unused when a snapshot loads). */
  source?: ExportSource | undefined;
  snapshot?: EngineSnapshotOptions;
  /** Records the snapshot announces (for progress), when known. */
  totalRecords?: number;
  /** Worker threads for heavy work (ENGINE_WORKERS); 0 (default) runs it on this thread. */
  workers?: number;
  /** A worker thread failed outside a task, or the pool could not start (then work runs here). */
  onWorkerError?: (error: unknown) => void;
  /**
   * Shards on NATS (scale-out): `audiences()` (estimates, autocomplete, monitors) is then answered by
   * the shards, merged exactly; the rest still uses the engine built here. The engine is ready once
   * every shard has answered; a shard without a replica is a 503 naming it. Without `shards`, the
   * count comes from the shard map in JetStream KV.
   */
  shards?: { natsUrl: string; shards?: number; prefix?: string; timeoutMs?: number };
  /**
   * Build a live engine (README "Live updates" of @murmur/engine): estimates on this thread; it is
   * not a SharedEngine, so there is no worker pool and no engine snapshot (`snapshot` is ignored).
   * With `workers` ≥ 1 its heavy work runs in one live reports thread holding its own copy
   * (live-reports.ts), else here in slices. It starts from the live snapshot when one is given and
   * loads, else from the export indexed with LIVE_BUILD_OPTIONS, else empty (X's catalogues, no
   * account) to fill from the streams.
   */
  live?: boolean;
  liveSnapshot?: LiveSnapshotStart;
}

/** Where a live engine may start from: a live snapshot (live-snapshot.ts of @murmur/engine). */
export interface LiveSnapshotStart {
  file: string;
  /** What it must have been written for (the base it grew from). */
  source: string;
  /**
   * Whether the live log outlived the process that wrote it (JetStream): the engine then resumes
   * after the snapshot's position; else the log starts again at sequence 1, and so does the engine.
   */
  keepPosition: boolean;
  /** A snapshot was refused (damaged, another source or format); the engine starts without it. */
  onProblem?: (message: string) => void;
  onLoaded?: (seconds: number, position: Record<string, number>) => void;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The live engine a deployment starts with (see BuildEngineOptions.live). */
async function startLiveEngine(options: BuildEngineOptions, build: BuildOptions): Promise<AudienceEngine> {
  const snapshot = options.liveSnapshot;
  if (snapshot && existsSync(snapshot.file)) {
    const started = performance.now();
    try {
      const engine = readLiveSnapshot(
        snapshot.file,
        snapshot.source,
        snapshot.keepPosition ? {} : { position: {} },
      );
      snapshot.onLoaded?.((performance.now() - started) / 1000, engine.position());
      return engine;
    } catch (error) {
      if (!(error instanceof SnapshotError)) throw error;
      snapshot.onProblem?.(`the live snapshot was refused: ${error.message}; starting without it`);
    }
  }
  if (options.source) {
    const index = await buildIndexFromFile(options.source, { ...build, ...LIVE_BUILD_OPTIONS });
    // A turn of the event loop between the build and the live index made over it (each seconds at
    // a million accounts: the streams' keep-alives and the requests run between).
    await turn();
    return liveEngine(index);
  }
  return createEmptyLiveEngine();
}

/** Connects to NATS and opens the sharded engine (every shard must answer). */
async function openShards(shards: NonNullable<BuildEngineOptions['shards']>) {
  const connected = await connectShardedEngine({ ...shards, name: 'murmur-api' });
  return {
    audiences: shardedServerEngine(connected.engine),
    sets: connected.engine,
    close: () => connected.close(),
  };
}

type PushedSets = Pick<ShardedEngine, 'registerSet' | 'removeSet'>;

/** `registerSet` and `removeSet` of a holder: on the shards first (when there are), then here. */
function customSets(
  engine: () => AudienceEngine,
  shards: () => PushedSets | undefined,
): Pick<EngineHolder, 'registerSet' | 'removeSet'> {
  const pushed = async (push: (sets: PushedSets) => Promise<void>) => {
    const sets = shards();
    if (!sets) return;
    try {
      await push(sets);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new ServiceUnavailable(
        `The audience engine's shards could not take the custom audience: ${message}`,
      );
    }
  };
  return {
    async registerSet(name, members) {
      const e = engine();
      await pushed((sets) => sets.registerSet(name, members));
      e.registerCustomAudience(name, members);
    },
    async removeSet(name) {
      const e = engine();
      await pushed((sets) => sets.removeSet(name));
      e.removeCustomAudience(name);
    },
  };
}

/**
 * Builds the engine and its heavy-work surface: with workers, the index moves into shared memory
 * and a pool starts over it; the first task proves a thread can load, else the work stays on this
 * thread rather than failing every report.
 */
async function buildWithWork(
  options: BuildEngineOptions,
  build: BuildOptions,
): Promise<{ engine: AudienceEngine; work: EngineWork }> {
  if (options.live) {
    const engine = await startLiveEngine(options, build);
    if ((options.workers ?? 0) <= 0 || !isLiveEngine(engine))
      return { engine, work: workOnThisThread(engine) };
    // One reports thread with its own copy of the live index (docs/LIVE.md "Insights while ingesting"),
    // copied in bounded steps with a turn of the event loop between them, as a restart copies it
    // (nothing is applied meanwhile: the consumer starts once the engine is ready).
    const start = await inSlices(shareLiveEngineSteps(engine), { sliceMs: 0 });
    const reports = startLiveReports(engine, {
      start,
      ...(options.onWorkerError && { onError: options.onWorkerError }),
    });
    return { engine: reports.engine, work: reports.work };
  }
  const threads = options.workers ?? 0;
  let shared: SharedEngine | undefined;
  let { snapshot, source } = options;
  if (snapshot?.url) {
    const fetched = await fetchEngineSource(snapshot.url, snapshot.file);
    if ('source' in fetched) [snapshot, source] = [undefined, fetched.source];
  }
  if (snapshot) {
    shared = loadSnapshot(snapshot);
    if (!shared && source) {
      shared = shareEngine(await buildIndexFromFile(source, build));
      saveSnapshot(shared, snapshot);
    }
  }
  if (!shared) {
    if (!source) throw new Error('No engine snapshot could be loaded and there is no export to build from');
    if (threads <= 0) {
      const engine = inMemoryEngine(await buildIndexFromFile(source, build));
      return { engine, work: inProcessWork(engine) };
    }
    shared = shareEngine(await buildIndexFromFile(source, build));
  }
  if (threads <= 0) return { engine: shared.engine, work: inProcessWork(shared.engine) };
  const pool = createEnginePool(shared, {
    threads,
    ...(options.onWorkerError && { onError: options.onWorkerError }),
  });
  try {
    await pool.run('thread', null);
    return { engine: shared.engine, work: pool };
  } catch (error) {
    options.onWorkerError?.(error);
    await pool.close();
    return { engine: shared.engine, work: inProcessWork(shared.engine) };
  }
}

/** The snapshot's engine, or undefined when it is missing or refused (a refused one is removed when rebuilding). */
function loadSnapshot(snapshot: EngineSnapshotOptions): SharedEngine | undefined {
  const started = performance.now();
  try {
    const { index } = readSnapshot(snapshot.file, snapshot.source);
    const engine = sharedEngineFrom(index);
    snapshot.onLoaded?.((performance.now() - started) / 1000);
    return engine;
  } catch (error) {
    if (!(error instanceof SnapshotError)) throw error;
    const missing = /^Cannot open .*ENOENT/.test(error.message);
    if (!snapshot.rebuild)
      throw new Error(`The engine snapshot was refused: ${error.message}`, { cause: error });
    if (!missing) {
      snapshot.onProblem?.(`${error.message}; rebuilding it from the export`);
      rmSync(snapshot.file, { force: true });
    }
    return undefined;
  }
}

function saveSnapshot(shared: SharedEngine, snapshot: EngineSnapshotOptions): void {
  if (snapshot.source === undefined) return;
  const started = performance.now();
  try {
    mkdirSync(dirname(snapshot.file), { recursive: true });
    writeSnapshot(shared.index, snapshot.file, snapshot.source);
    snapshot.onWritten?.((performance.now() - started) / 1000);
  } catch (error) {
    // The engine is built: a snapshot that cannot be written costs the next start time, nothing else.
    snapshot.onProblem?.(`could not write the engine snapshot ${snapshot.file}: ${(error as Error).message}`);
  }
}

/** Starts building in the background and returns at once. */
export function buildEngineInBackground(options: BuildEngineOptions): EngineHolder {
  const startedAt = performance.now();
  let state: EngineState = {
    state: 'loading',
    records: 0,
    totalRecords: options.totalRecords,
    startedAt: Date.now(),
  };
  const building = buildWithWork(options, {
    progressEvery: 50_000,
    onProgress: (records) => {
      if (state.state === 'loading') state = { ...state, records };
    },
  }).then(async (built) => {
    if (!options.shards) return { ...built, shards: undefined };
    try {
      return { ...built, shards: await openShards(options.shards) };
    } catch (error) {
      await built.work.close();
      throw error;
    }
  });
  let work: EngineWork | undefined;
  let audiences: ServerAudienceEngine | undefined;
  let shardSets: PushedSets | undefined;
  let shardsClose: (() => Promise<void>) | undefined;
  let closed = false;
  const settled = building.then(
    (built) => {
      // Closed while it was building: no threads are left running behind a closed app.
      if (closed) {
        void built.work.close();
        void built.shards?.close();
      }
      shardsClose = built.shards?.close;
      shardSets = built.shards?.sets;
      const seconds = (performance.now() - startedAt) / 1000;
      state = { state: 'ready', accounts: built.engine.stats.accounts, seconds, workers: built.work.threads };
      work = built.work;
      audiences = built.shards?.audiences ?? serverAsyncEngine(built.engine, built.work);
      return built.engine;
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      state = { state: 'failed', message };
      throw error;
    },
  );
  // Callers that never await `ready()` must not see an unhandled rejection.
  settled.catch(() => undefined);
  let engine: AudienceEngine | undefined;
  void settled.then((e) => (engine = e)).catch(() => undefined);

  const get = () => {
    if (engine) return engine;
    throw new ServiceUnavailable(unavailableMessage(state));
  };
  return {
    get,
    work() {
      if (work) return work;
      throw new ServiceUnavailable(unavailableMessage(state));
    },
    audiences() {
      if (audiences) return audiences;
      throw new ServiceUnavailable(unavailableMessage(state));
    },
    ...customSets(get, () => shardSets),
    ready: () => settled,
    status: () => state,
    async close() {
      closed = true;
      await work?.close();
      await shardsClose?.();
    },
  };
}

function unavailableMessage(state: EngineState): string {
  if (state.state === 'failed') return `The audience engine could not be loaded: ${state.message}`;
  if (state.state === 'loading' && state.totalRecords) {
    const percent = Math.min(99, Math.floor((100 * state.records) / state.totalRecords));
    return `The audience engine is loading (${percent} %). Please try again in a moment.`;
  }
  return 'The audience engine is loading. Please try again in a moment.';
}

/**
 * An NDJSON export file: built by worker threads parsing its byte ranges, one per core (scale-out:
 * parsing is most of a build); readers that need a stream (shards) iterate it as one.
 */
export function snapshotSource(file: string): ExportSource {
  return exportFile(file);
}

/** A holder whose engine never arrives (no snapshot configured): every use is a 503 with `message`. */
export function unavailableEngine(message: string): EngineHolder {
  const failure = Promise.reject(new ServiceUnavailable(message));
  failure.catch(() => undefined);
  return {
    get() {
      throw new ServiceUnavailable(message);
    },
    work() {
      throw new ServiceUnavailable(message);
    },
    audiences() {
      throw new ServiceUnavailable(message);
    },
    ...customSets(
      () => {
        throw new ServiceUnavailable(message);
      },
      () => undefined,
    ),
    ready: () => failure,
    status: () => ({ state: 'failed', message }),
    close: () => Promise.resolve(),
  };
}
