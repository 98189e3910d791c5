/** The error shown by the crash screen. */
export interface CrashReport {
  message: string;
  stack?: string;
  /** When it was reported (ms, from the injected clock). */
  time: number;
}

export interface CrashHandlerOptions {
  /** SPEC §9: crash ignore window, 1000 ms after a dismissal. */
  ignoreWindowMs?: number;
  now?: () => number;
  /** Reloads the page (injected: core does not touch the DOM). */
  reload: () => void;
}

export interface CrashHandler {
  /** Records an uncaught error, an unhandled rejection's reason, or their browser events. */
  report(error: unknown): void;
  dismiss(): void;
  reload(): void;
  current(): CrashReport | undefined;
  subscribe(listener: (report: CrashReport | undefined) => void): () => void;
}

export const CRASH_IGNORE_WINDOW_MS = 1000;

/**
 * Message and stack from anything that can be thrown or rejected. Browser ErrorEvent-like
 * (`{ error, message }`) and PromiseRejectionEvent-like (`{ reason }`) objects are unwrapped.
 */
export function normaliseError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) {
    return { message: error.message || error.name, ...(error.stack ? { stack: error.stack } : {}) };
  }
  if (typeof error === 'string') return { message: error || 'Unknown error' };
  if (error === undefined || error === null) return { message: 'Unknown error' };
  if (typeof error === 'object') {
    const record = error as Record<string, unknown>;
    if ('reason' in record) return normaliseError(record.reason);
    if (record.error !== undefined && record.error !== null) return normaliseError(record.error);
    if (typeof record.message === 'string' && record.message) {
      return {
        message: record.message,
        ...(typeof record.stack === 'string' ? { stack: record.stack } : {}),
      };
    }
    try {
      return { message: JSON.stringify(error) };
    } catch {
      return { message: Object.prototype.toString.call(error) };
    }
  }
  if (typeof error === 'function') return { message: error.name || 'Unknown error' };
  if (typeof error === 'symbol') return { message: error.toString() };
  if (typeof error === 'number' || typeof error === 'boolean' || typeof error === 'bigint') {
    return { message: String(error) };
  }
  return { message: 'Unknown error' };
}

/**
 * SPEC §4/§9: records the latest uncaught error or unhandled rejection, ignores further ones for
 * 1000 ms after a dismissal (one failure often triggers a burst), and offers a page reload.
 */
export function createCrashHandler(options: CrashHandlerOptions): CrashHandler {
  const ignoreWindowMs = options.ignoreWindowMs ?? CRASH_IGNORE_WINDOW_MS;
  const now = options.now ?? (() => Date.now());
  const listeners = new Set<(report: CrashReport | undefined) => void>();
  let report: CrashReport | undefined;
  let dismissedAt: number | undefined;

  const emit = () => {
    for (const listener of [...listeners]) listener(report);
  };

  return {
    report(error) {
      const time = now();
      if (dismissedAt !== undefined && time - dismissedAt < ignoreWindowMs) return;
      report = { ...normaliseError(error), time };
      emit();
    },
    dismiss() {
      dismissedAt = now();
      if (report === undefined) return;
      report = undefined;
      emit();
    },
    reload: () => options.reload(),
    current: () => report,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
