import { CATCH_UP_LIMIT_SECONDS, type ClockSettings } from '../config';
import type { Network } from '../network';
import { advanceInSteps } from './tick';

/** How often the running clock looks at the wall clock (ms). */
const INTERVAL_MS = 250;
/** Most simulated seconds one look may run, so a fast clock never holds the event loop for long. */
const MAX_SECONDS_PER_LOOK = 3600;

/**
 * The running clock: simulated time follows the wall clock at `speed` simulated seconds per second,
 * in steps of `stepSeconds` on a fixed grid (the events of a step keep their own seconds). While an
 * export holds the state still it waits and catches up after; POST /simulate/advance may move the
 * clock ahead too, and the running clock goes on from there.
 */
export class LiveClock {
  private timer: NodeJS.Timeout | undefined;
  private last: number;
  /** Simulated seconds owed but not run yet (fractions, and time waited while held). */
  private owed = 0;

  constructor(
    private readonly net: Network,
    readonly settings: ClockSettings,
    private readonly wallMs: () => number = Date.now,
  ) {
    this.last = wallMs();
  }

  start(): void {
    if (this.timer || this.settings.speed <= 0) return;
    this.last = this.wallMs();
    if (this.settings.catchUpToWall) {
      // The minutes since the anchor's hour (and the generation's own time), run in the looks'
      // portions like any time owed; a network anchored far from the wall clock keeps its time.
      const lag = this.last / 1000 - this.net.clock.now;
      if (lag > 0 && lag <= CATCH_UP_LIMIT_SECONDS) this.owed += lag;
    }
    this.timer = setInterval(() => this.look(), INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Runs the simulated time the wall clock says is due (public for tests with a fake wall clock). */
  look(): void {
    const wall = this.wallMs();
    this.owed += ((wall - this.last) / 1000) * this.settings.speed;
    this.last = wall;
    if (this.net.simulation.holds > 0) return;
    const seconds = Math.min(Math.floor(this.owed), MAX_SECONDS_PER_LOOK);
    if (seconds <= 0) return;
    this.owed -= seconds;
    advanceInSteps(this.net, this.net.clock.now + seconds, this.settings.stepSeconds);
  }
}
