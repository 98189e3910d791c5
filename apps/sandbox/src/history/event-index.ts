import type { EventLog } from '../model/events';

/**
 * Event positions grouped by the account they are about (CSR over log positions). Built lazily and
 * rebuilt only when the log has grown by a quarter; events appended since the last build are scanned
 * directly, so queries stay correct while simulated time keeps running.
 */
export class EventIndex {
  private built = 0;
  private offsets = new Uint32Array(0);
  private positions = new Uint32Array(0);

  /** `accounts` says how many accounts there are now (accounts are born as time runs). */
  constructor(
    private readonly events: EventLog,
    private readonly accounts: () => number,
  ) {}

  /** Log positions of events about `target` with from ≤ time < to, in log (= time) order. */
  about(target: number, from: number, to: number): number[] {
    // An account born since the last build: build again, with a row for it.
    if (target + 1 >= this.offsets.length) this.built = 0;
    this.refresh();
    const times = this.events.time.view();
    const start = this.offsets[target]!;
    const end = this.offsets[target + 1]!;
    // The row is in log order, hence time order: binary-search the first event at or after `from`.
    let lo = start;
    let hi = end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (times[this.positions[mid]!]! < from) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let k = lo; k < end && times[this.positions[k]!]! < to; k++) out.push(this.positions[k]!);
    const targets = this.events.target.view();
    for (let p = Math.max(this.built, this.events.firstAtOrAfter(from)); p < times.length; p++) {
      if (times[p]! >= to) break;
      if (targets[p] === target) out.push(p);
    }
    return out;
  }

  private refresh(): void {
    const length = this.events.length;
    if (this.built > 0 && length - this.built < Math.max(100_000, this.built / 4)) return;
    const targets = this.events.target.view();
    const accounts = this.accounts();
    const offsets = new Uint32Array(accounts + 1);
    for (let p = 0; p < length; p++) offsets[targets[p]! + 1]!++;
    for (let a = 0; a < accounts; a++) offsets[a + 1]! += offsets[a]!;
    const positions = new Uint32Array(length);
    const cursor = offsets.slice(0, accounts);
    for (let p = 0; p < length; p++) positions[cursor[targets[p]!]!++] = p;
    this.offsets = offsets;
    this.positions = positions;
    this.built = length;
  }
}
