import {
  DEFAULT_NOTIFICATION_TIMEOUT,
  MAX_NOTIFICATIONS,
  type NotificationLevel,
  type NotificationMessage,
} from './types';

export interface NotificationStoreOptions {
  defaultTimeout?: number;
  max?: number;
  /** Injected timers (tests, other runtimes); default to the global setTimeout/clearTimeout. */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  createId?: () => string;
}

export type NotificationListener = (list: readonly NotificationMessage[]) => void;

export interface NotificationStore {
  /** Adds a message and returns its id, or undefined while paused (SPEC §4: ignored, not queued). */
  add(text: string, level?: NotificationLevel, options?: { timeout?: number }): string | undefined;
  /** Removes a message; false when it was not there. */
  remove(id: string): boolean;
  clear(): void;
  pause(): void;
  resume(): void;
  isPaused(): boolean;
  /**
   * Holds the dismissal timers (the reader's pointer rests on the toasts): nothing disappears and new
   * messages are still accepted; release restarts every countdown in full.
   */
  hold(): void;
  release(): void;
  isHeld(): boolean;
  /** The current messages, oldest first. The same array until something changes. */
  list(): readonly NotificationMessage[];
  /** Called after every change with the new list; returns the unsubscribe function. */
  subscribe(listener: NotificationListener): () => void;
}

// setTimeout's delay is a signed 32-bit integer; longer delays would fire at once.
const MAX_DELAY = 2 ** 31 - 1;

/** SPEC §4/§9: the toast queue — timeouts, sticky messages, a cap of 10, pause and resume. */
export function createNotificationStore(options: NotificationStoreOptions = {}): NotificationStore {
  const defaultTimeout = options.defaultTimeout ?? DEFAULT_NOTIFICATION_TIMEOUT;
  const max = Math.max(1, options.max ?? MAX_NOTIFICATIONS);
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer =
    options.clearTimer ?? ((handle) => clearTimeout(handle as Parameters<typeof clearTimeout>[0]));
  let sequence = 0;
  const createId = options.createId ?? (() => `notification-${++sequence}`);

  let messages: readonly NotificationMessage[] = [];
  const timers = new Map<string, unknown>();
  const listeners = new Set<NotificationListener>();
  let paused = false;
  let held = false;

  function commit(next: readonly NotificationMessage[]) {
    messages = next;
    for (const listener of [...listeners]) listener(messages);
  }

  function stopTimer(id: string) {
    if (!timers.has(id)) return;
    clearTimer(timers.get(id));
    timers.delete(id);
  }

  function startTimer(message: NotificationMessage) {
    const { timeout } = message.options;
    if (timeout > 0 && timeout <= MAX_DELAY)
      timers.set(
        message.id,
        setTimer(() => remove(message.id), timeout),
      );
  }

  function remove(id: string): boolean {
    if (!messages.some((m) => m.id === id)) return false;
    stopTimer(id);
    commit(messages.filter((m) => m.id !== id));
    return true;
  }

  function add(text: string, level: NotificationLevel = 'info', addOptions: { timeout?: number } = {}) {
    // SPEC §4: while paused, new messages are ignored, not queued.
    if (paused) return undefined;
    const requested = addOptions.timeout ?? defaultTimeout;
    // SPEC §9: 0 keeps the message until removed; nonsense (negative, NaN) means the default.
    const timeout = Number.isNaN(requested) || requested < 0 ? defaultTimeout : requested;
    const id = createId();
    const message: NotificationMessage = { id, text, level, options: { timeout } };
    if (!held) startTimer(message);
    const next = [...messages, message];
    // SPEC §9: at most 10 kept, oldest dropped (and its timer with it).
    const dropped = next.splice(0, Math.max(0, next.length - max));
    for (const old of dropped) stopTimer(old.id);
    commit(next);
    return id;
  }

  return {
    add,
    remove,
    clear() {
      if (messages.length === 0) return;
      for (const id of [...timers.keys()]) stopTimer(id);
      commit([]);
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
    },
    isPaused: () => paused,
    hold() {
      if (held) return;
      held = true;
      for (const id of [...timers.keys()]) stopTimer(id);
    },
    release() {
      if (!held) return;
      held = false;
      for (const message of messages) startTimer(message);
    },
    isHeld: () => held,
    list: () => messages,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
