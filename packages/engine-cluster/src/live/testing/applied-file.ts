import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { LiveEvent } from '@murmur/core/live';
import type { LiveEngine } from '../consume-live';

/**
 * A stand-in engine for the live log's crash tests: it applies a batch by appending one line (the
 * batch's keys and the position it reaches) to a file, so what it applied survives a SIGKILL, as a
 * real engine's applied state survives in its snapshot. A line cut by the kill is a batch not applied.
 */
export class AppliedFile implements LiveEngine {
  readonly keys: string[] = [];
  private readonly at: Record<string, number> = {};

  constructor(
    readonly path: string,
    /** Milliseconds an apply takes before it is recorded (so a kill can land mid-batch). */
    private readonly delayMs = 0,
  ) {
    if (!existsSync(path)) return;
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line.endsWith('}')) continue;
      const batch = JSON.parse(line) as { keys: string[]; position: Record<string, number> };
      this.keys.push(...batch.keys);
      Object.assign(this.at, batch.position);
    }
  }

  async apply(events: readonly LiveEvent[], position: Record<string, number>): Promise<void> {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const keys = events.map((e) => e.key);
    appendFileSync(this.path, `${JSON.stringify({ keys, position })}\n`);
    this.keys.push(...keys);
    Object.assign(this.at, position);
  }

  position(): Record<string, number> {
    return { ...this.at };
  }
}
