import type { Clock } from '../lib/clock';
import { newJobId, type JobQueue, type JobRequest, type JobView } from './jobs';

interface Entry {
  view: JobView;
  key: string;
  finished: Promise<void>;
}

/** Finished jobs are kept this long for clients to read, then forgotten (docs/API-AUDIENCES.md: 1 h). */
export const KEEP_FINISHED_MS = 60 * 60 * 1000;

/**
 * Jobs run in this process, one at a time per request but concurrently across requests (each is
 * CPU-bound engine work that yields between stages). Progress lives in memory.
 */
export function createInProcessQueue(clock: Clock): JobQueue {
  const jobs = new Map<string, Entry>();
  const running = new Map<string, Entry>();

  function prune() {
    const now = clock.now().getTime();
    for (const [id, entry] of jobs) {
      const finished = entry.view.state === 'done' || entry.view.state === 'failed';
      if (finished && now - Date.parse(entry.view.updated) > KEEP_FINISHED_MS) jobs.delete(id);
    }
  }

  return {
    start<T>(request: JobRequest<T>) {
      prune();
      const joined = running.get(request.key);
      if (joined) return Promise.resolve({ ...joined.view });
      const created = clock.now().toISOString();
      const view: JobView = {
        id: newJobId(),
        kind: request.kind,
        state: 'queued',
        progress: 0,
        stage: 'Queued',
        result: null,
        error: null,
        created,
        updated: created,
      };
      const touch = (patch: Partial<JobView>) => {
        Object.assign(view, patch, { updated: clock.now().toISOString() });
      };
      const entry: Entry = {
        view,
        key: request.key,
        finished: (async () => {
          // Let the request that started the job answer first.
          await new Promise((resolve) => setImmediate(resolve));
          touch({ state: 'running', stage: 'Starting' });
          try {
            const result = await request.work((progress, stage) => {
              touch({ progress: Math.max(0, Math.min(100, Math.round(progress))), stage });
            });
            touch({ state: 'done', progress: 100, stage: 'Done', result });
          } catch (error) {
            touch({ state: 'failed', error: error instanceof Error ? error.message : String(error) });
          } finally {
            running.delete(request.key);
          }
        })(),
      };
      jobs.set(view.id, entry);
      running.set(request.key, entry);
      return Promise.resolve({ ...view });
    },
    get(id) {
      prune();
      const entry = jobs.get(id);
      return Promise.resolve(entry && { ...entry.view });
    },
    async wait(id, timeoutMs) {
      prune();
      const entry = jobs.get(id);
      if (!entry) return undefined;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        entry.finished,
        new Promise((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timer);
      return { ...entry.view };
    },
    async close() {
      await Promise.allSettled([...running.values()].map((e) => e.finished));
    },
  };
}
