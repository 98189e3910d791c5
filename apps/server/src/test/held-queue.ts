import type { JobQueue } from '../jobs/jobs';

/** A job queue whose jobs wait before their work while held: a test sees them queued, then lets them run. */
export interface HeldQueue {
  queue: JobQueue;
  /** Jobs started from now on wait until `release`. */
  hold(): void;
  /** Lets the waiting jobs run; jobs started afterwards run at once. */
  release(): void;
}

export function heldQueue(inner: JobQueue): HeldQueue {
  let gate: Promise<void> | undefined;
  let open = () => undefined as void;
  const queue: JobQueue = {
    ...inner,
    start: (request) => {
      const waiting = gate;
      return inner.start({
        ...request,
        work: async (report, signal) => {
          if (waiting) await waiting;
          return request.work(report, signal);
        },
      });
    },
  };
  return {
    queue,
    hold: () => {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    release: () => {
      gate = undefined;
      open();
    },
  };
}
