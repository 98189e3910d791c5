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

export interface JobRequest<T> {
  kind: string;
  /**
   * Identity of the request: kind + input + the caller's scope (user or team), e.g.
   * `insights:user:12:<hash of package>`. An identical request while one runs joins it.
   */
  key: string;
  work: (report: ReportProgress) => Promise<T> | T;
}

/**
 * Long work with progress (ARCHITECTURE §4 jobs/): in-process by default, BullMQ on Redis when
 * REDIS_URL is set. Both implement this.
 */
export interface JobQueue {
  /** Starts the work, or joins the identical job that is queued or running; returns at once. */
  start<T>(request: JobRequest<T>): Promise<JobView>;
  get(id: string): Promise<JobView | undefined>;
  /** Resolves with the job when it has finished or `timeoutMs` passed, whichever comes first. */
  wait(id: string, timeoutMs: number): Promise<JobView | undefined>;
  close(): Promise<void>;
}

export function newJobId(): string {
  return randomBytes(12).toString('base64url');
}
