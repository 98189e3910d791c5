/**
 * Tracks calls in flight and the progress of uploads among them. Count changes are published at once;
 * upload progress is sampled every 500 ms (SPEC §9) so a busy upload does not re-render on every byte.
 */
export interface InFlightSnapshot {
  count: number;
  /** Combined upload progress between 0 and 1, or null when no upload reports progress. */
  progress: number | null;
}

export interface InFlightCall {
  progress: (loaded: number, total: number) => void;
  end: () => void;
}

export interface InFlightTracker {
  readonly count: number;
  snapshot: () => InFlightSnapshot;
  begin: () => InFlightCall;
  subscribe: (listener: (snapshot: InFlightSnapshot) => void) => () => void;
}

export const PROGRESS_SAMPLE_MS = 500;

export const createInFlightTracker = (sampleMs = PROGRESS_SAMPLE_MS): InFlightTracker => {
  let count = 0;
  const uploads = new Map<symbol, { loaded: number; total: number }>();
  const listeners = new Set<(snapshot: InFlightSnapshot) => void>();
  let published: InFlightSnapshot = { count: 0, progress: null };
  let timer: ReturnType<typeof setInterval> | null = null;

  const measure = (): InFlightSnapshot => {
    let loaded = 0;
    let total = 0;
    uploads.forEach((upload) => {
      loaded += upload.loaded;
      total += upload.total;
    });
    return { count, progress: total > 0 ? Math.min(1, loaded / total) : null };
  };

  const publish = () => {
    const next = measure();
    if (next.count === published.count && next.progress === published.progress) return;
    published = next;
    listeners.forEach((listener) => listener(published));
  };

  const stopSampling = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };

  return {
    get count() {
      return count;
    },
    snapshot: () => published,
    begin: () => {
      const id = Symbol('call');
      let ended = false;
      count += 1;
      publish();
      return {
        progress: (loaded, total) => {
          if (ended) return;
          uploads.set(id, { loaded, total });
          timer ??= setInterval(publish, sampleMs);
        },
        end: () => {
          if (ended) return;
          ended = true;
          count -= 1;
          uploads.delete(id);
          if (uploads.size === 0) stopSampling();
          publish();
        },
      };
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

/** The one tracker the request helper reports to. */
export const inFlight = createInFlightTracker();
