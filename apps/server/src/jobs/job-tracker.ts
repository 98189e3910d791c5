import { TooManyRequests } from '../errors';
import type { Clock } from '../lib/clock';
import type { JobCaller } from './jobs';

/** How many jobs may be queued or running at once, and when a job nobody waits for is cancelled. */
export interface JobLimits {
  /** Per signed-out caller, by IP address (the extension and pro-targeting tokens count as signed out). */
  perIp: number;
  /** Per signed-in user. */
  perUser: number;
  /** Per team, for jobs on a team's audiences. */
  perTeam: number;
  /** All callers together, in this server process. */
  total: number;
  /** A job nobody has polled, joined or long-polled for this long is cancelled. */
  abandonAfterMs: number;
}

/** README "Configuration" and docs/API.md "Limits" document these. */
export const DEFAULT_JOB_LIMITS: JobLimits = {
  perIp: 3,
  perUser: 6,
  perTeam: 12,
  total: 48,
  abandonAfterMs: 30_000,
};

/** Retry-After of a refused job, in seconds: jobs take seconds, so a slot is usually free by then. */
export const JOB_RETRY_AFTER_S = 5;

/** The error of a cancelled job, as clients read it in `Job.error`. */
export const CANCELLED_MESSAGE = 'Cancelled: nobody was waiting for this job any more.';

/** A cap a job counts against (`ip:…`, `user:…`, `team:…`) and its size. */
export interface Cap {
  cap: string;
  max: number;
}

/** Signed out: the IP address; signed in: the user and, for a team's audience, the team. */
export function capsOf(limits: JobLimits, caller: JobCaller): Cap[] {
  if (caller.userId === undefined) return [{ cap: `ip:${caller.ip}`, max: limits.perIp }];
  const caps = [{ cap: `user:${caller.userId}`, max: limits.perUser }];
  if (caller.teamId !== undefined) caps.push({ cap: `team:${caller.teamId}`, max: limits.perTeam });
  return caps;
}

/** The 429 of a caller at `cap`. */
export function capReached({ cap, max }: Cap): TooManyRequests {
  const whose = cap.startsWith('team:') ? 'your team' : 'you';
  return new TooManyRequests(
    `Too many jobs are running for ${whose} (at most ${max} at once). Please wait for one to finish and try again.`,
    JOB_RETRY_AFTER_S,
  );
}

interface Tracked {
  requestKey: string;
  /** The caps this job counts against (`ip:…`, `user:…`, `team:…`). */
  caps: string[];
  controller: AbortController;
  lastSeen: number;
  /** Bumped by every poll, join and end of a long-poll: tells a long-poll whether anyone else came. */
  touches: number;
  watchers: number;
}

/**
 * The fair, bounded part of a job queue, kept per server process for both queues: a cap on the jobs
 * each caller has queued or running, a global bound, joins of identical requests, and cancellation
 * of jobs nobody waits for any more. The queue calls `admit` before it starts a job and `settled`
 * once the job's work has stopped, so a cancelled job holds its slot until its work really ends.
 */
export function createJobTracker(limits: JobLimits, clock: Clock, options: { sweepMs?: number } = {}) {
  const jobs = new Map<string, Tracked>();
  /** Request key → the job identical requests join (queued or running, not cancelled). */
  const joinable = new Map<string, string>();
  const counts = new Map<string, number>();
  let total = 0;
  const now = () => clock.now().getTime();

  function seen(id: string) {
    const t = jobs.get(id);
    if (!t) return;
    t.lastSeen = now();
    t.touches++;
  }

  function cancel(id: string) {
    const t = jobs.get(id);
    if (!t || t.controller.signal.aborted) return;
    if (joinable.get(t.requestKey) === id) joinable.delete(t.requestKey);
    t.controller.abort(new Error(CANCELLED_MESSAGE));
  }

  function sweep() {
    const cutoff = now() - limits.abandonAfterMs;
    for (const [id, t] of jobs) if (t.watchers === 0 && t.lastSeen < cutoff) cancel(id);
  }

  const timer = setInterval(sweep, options.sweepMs ?? 1000);
  timer.unref();

  return {
    /** The job an identical request joins, if one is queued or running; joining counts as waiting. */
    joinable(requestKey: string): string | undefined {
      const id = joinable.get(requestKey);
      if (id !== undefined) seen(id);
      return id;
    },

    /**
     * Counts job `id` against the caller's caps and the global bound, or refuses it.
     * @returns the signal that aborts when the job is cancelled.
     * @throws TooManyRequests with Retry-After when a cap or the bound is reached.
     */
    admit(requestKey: string, caller: JobCaller, id: string): AbortSignal {
      const caps = capsOf(limits, caller);
      for (const c of caps) if ((counts.get(c.cap) ?? 0) >= c.max) throw capReached(c);
      if (total >= limits.total) {
        throw new TooManyRequests(
          'The server is busy. Please try again in a few seconds.',
          JOB_RETRY_AFTER_S,
        );
      }
      for (const { cap } of caps) counts.set(cap, (counts.get(cap) ?? 0) + 1);
      total++;
      const t: Tracked = {
        requestKey,
        caps: caps.map((c) => c.cap),
        controller: new AbortController(),
        lastSeen: now(),
        touches: 0,
        watchers: 0,
      };
      jobs.set(id, t);
      joinable.set(requestKey, id);
      return t.controller.signal;
    },

    /** The job's work has stopped (done, failed or cancelled): its slot is free again. */
    settled(id: string) {
      const t = jobs.get(id);
      if (!t) return;
      jobs.delete(id);
      if (joinable.get(t.requestKey) === id) joinable.delete(t.requestKey);
      for (const cap of t.caps) {
        const left = (counts.get(cap) ?? 1) - 1;
        if (left > 0) counts.set(cap, left);
        else counts.delete(cap);
      }
      total--;
    },

    /** A client read the job (GET /api/jobs/{id}/). */
    seen,

    /** Why the job was cancelled, while its work has not stopped yet. */
    cancelledReason(id: string): string | undefined {
      return jobs.get(id)?.controller.signal.aborted ? CANCELLED_MESSAGE : undefined;
    },

    /**
     * A long-poll waits for the job: it is not abandoned meanwhile. `leave(clientLeft)` ends the
     * wait; a client that went away cancels the job unless someone else polled, joined or still
     * long-polls it since this wait began.
     */
    watch(id: string): (clientLeft: boolean) => void {
      const t = jobs.get(id);
      if (!t) return () => undefined;
      t.watchers++;
      const touchesAtStart = t.touches;
      return (clientLeft) => {
        t.watchers--;
        if (clientLeft && t.watchers === 0 && t.touches === touchesAtStart) cancel(id);
        else seen(id);
      };
    },

    close() {
      clearInterval(timer);
    },
  };
}

export type JobTracker = ReturnType<typeof createJobTracker>;

/** Resolves with `work`, or rejects with the signal's reason as soon as it aborts. */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
