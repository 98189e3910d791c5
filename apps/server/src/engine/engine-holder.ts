import { createReadStream } from 'node:fs';
import { createInMemoryEngine, type AudienceEngine, type ExportSource } from '@murmur/engine';
import { ServiceUnavailable } from '../errors';

export type EngineState =
  | { state: 'loading'; records: number; totalRecords: number | undefined; startedAt: number }
  | { state: 'ready'; accounts: number; seconds: number }
  | { state: 'failed'; message: string };

/**
 * The server's handle on the audience engine (ARCHITECTURE §3/§7). The engine is built once at
 * start-up from a snapshot of the network (the sandbox's bulk export, or a file / URL in
 * production) while the server already answers: until it is ready, routes that need it answer 503
 * with the loading progress, and `GET /api/engine/status/` reports it.
 */
export interface EngineHolder {
  /** The engine, or a 503 `ServiceUnavailable` while it loads or after it failed. */
  get(): AudienceEngine;
  /** Resolves when the engine is ready (rejects if building failed). */
  ready(): Promise<AudienceEngine>;
  status(): EngineState;
}

/** A holder over an engine that already exists (tests). */
export function readyEngine(engine: AudienceEngine): EngineHolder {
  return {
    get: () => engine,
    ready: () => Promise.resolve(engine),
    status: () => ({ state: 'ready', accounts: engine.stats.accounts, seconds: 0 }),
  };
}

export interface BuildEngineOptions {
  source: ExportSource;
  /** Records the snapshot announces (for progress), when known. */
  totalRecords?: number;
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
  const building = createInMemoryEngine(options.source, {
    progressEvery: 50_000,
    onProgress: (records) => {
      if (state.state === 'loading') state = { ...state, records };
    },
  });
  const settled = building.then(
    (engine) => {
      const seconds = (performance.now() - startedAt) / 1000;
      state = { state: 'ready', accounts: engine.stats.accounts, seconds };
      return engine;
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

  return {
    get() {
      if (engine) return engine;
      throw new ServiceUnavailable(unavailableMessage(state));
    },
    ready: () => settled,
    status: () => state,
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

/** Streams a snapshot file (NDJSON) or an http(s) URL to one. */
export function snapshotSource(location: string): ExportSource {
  if (/^https?:\/\//.test(location)) {
    return (async function* () {
      const response = await fetch(location);
      if (!response.ok || !response.body) {
        throw new Error(`GET ${location} answered ${response.status}`);
      }
      const decoder = new TextDecoder();
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        yield decoder.decode(chunk, { stream: true });
      }
      const rest = decoder.decode();
      if (rest) yield rest;
    })();
  }
  return createReadStream(location, { encoding: 'utf8', highWaterMark: 1 << 16 }) as AsyncIterable<string>;
}

/** A holder whose engine never arrives (no snapshot configured): every use is a 503 with `message`. */
export function unavailableEngine(message: string): EngineHolder {
  const failure = Promise.reject(new ServiceUnavailable(message));
  failure.catch(() => undefined);
  return {
    get() {
      throw new ServiceUnavailable(message);
    },
    ready: () => failure,
    status: () => ({ state: 'failed', message }),
  };
}
