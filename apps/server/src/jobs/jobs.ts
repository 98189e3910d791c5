import { randomBytes } from 'node:crypto';

export type JobState = 'queued' | 'running' | 'done' | 'failed';

/** What clients see of a job (GET /api/jobs/{id}/). */
export interface JobView {
  id: string;
  kind: string;
  state: JobState;
  /** 0–100. */
  progress: number;
  /** What the job is doing now, for the progress bar ("Counting interests", …). */
  stage: string;
  result: unknown;
  error: string | null;
  created: string;
  updated: string;
}

/** Reports progress from inside a job's work: percent 0–100 and the current stage. */
export type ReportProgress = (progress: number, stage: string) => void;

/**
 * Who asked for a job; the caps of jobs/job-tracker.ts count per caller. Signed-in callers count by
 * user and, for a team's audience, by team; signed-out callers (and the extension and pro-targeting
 * client tokens, which stand for no user) by IP address.
 */
export interface JobCaller {
  ip: string;
  userId?: number | undefined;
  teamId?: number | undefined;
}

export interface JobRequest<T> {
  kind: string;
  /**
   * Identity of the request: kind + input + the caller's scope (user or team), e.g.
   * `insights:user:12:<hash of package>`. An identical request while one runs joins it.
   */
  key: string;
  caller: JobCaller;
  /**
   * The work. `signal` aborts when nobody waits for the job any more (jobs/job-tracker.ts): check
   * it between stages (`signal.throwIfAborted()`) and hand it to anything that can stop early.
   */
  work: (report: ReportProgress, signal: AbortSignal) => Promise<T> | T;
}

/**
 * Long work with progress (ARCHITECTURE §4 jobs/): in-process by default, BullMQ on Redis when
 * REDIS_URL is set. Both implement this.
 */
export interface JobQueue {
  /**
   * Starts the work, or joins the identical job that is queued or running; returns at once.
   * @throws TooManyRequests (429) when the caller, or everyone together, has as many jobs as allowed.
   */
  start<T>(request: JobRequest<T>): Promise<JobView>;
  /** The job as it is now; reading it counts as waiting for it. */
  get(id: string): Promise<JobView | undefined>;
  /**
   * Resolves with the job when it has finished, `timeoutMs` passed or `signal` aborted (the client
   * went away), whichever comes first. The job counts as waited for meanwhile; a client that goes
   * away while nobody else has asked for the job since it began waiting cancels it.
   */
  wait(id: string, timeoutMs: number, signal?: AbortSignal): Promise<JobView | undefined>;
  /** Jobs waiting and running now, for the metrics endpoint (plugins/metrics.ts). */
  depth?(): Promise<{ queued: number; running: number }>;
  close(): Promise<void>;
}

export function newJobId(): string {
  return randomBytes(12).toString('base64url');
}
