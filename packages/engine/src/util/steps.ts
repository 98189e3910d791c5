/**
 * Work that may pause: each `yield` marks a point between two blocks of it where a caller running it
 * in slices may turn the event loop (docs/LIVE.md "Insights while ingesting"). Run straight through
 * (`finish`) it is the same computation, block for block, so both ways give the same result.
 */
export type Steps<T> = Generator<void, T, undefined>;

/** Members per block of a pass over columns: about a millisecond of the cheapest passes. */
export const BLOCK = 8_192;

/**
 * Members per block of a pass that reads each member's row (follows, terms, posts, likes): rows are
 * tens of entries, and on a live version each row is looked up in the row logs (a few ms a block).
 */
export const ROW_BLOCK = 2_048;

/** Runs the steps to the end without pausing. */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

export interface SliceOptions {
  /** Steps run back to back until a slice has used this much wall time, then the loop turns. Default 4. */
  sliceMs?: number;
  /** How the loop is turned between slices; default `setImmediate` (pending I/O and timers run first). */
  pause?: () => Promise<void>;
  /** Called after each slice with its wall time (benches, tests). */
  onSlice?: (ms: number) => void;
}

const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs the steps in slices of about `sliceMs`, pausing between slices so that other work (requests,
 * batches) runs meanwhile. A single step longer than a slice is not cut: the slice is that step.
 */
export async function inSlices<T>(steps: Steps<T>, options: SliceOptions = {}): Promise<T> {
  const { sliceMs = 4, pause = immediate, onSlice } = options;
  for (;;) {
    const started = performance.now();
    let next = steps.next();
    while (!next.done && performance.now() - started < sliceMs) next = steps.next();
    onSlice?.(performance.now() - started);
    if (next.done) return next.value;
    await pause();
  }
}

/** `pass(from, to)` over `length` items, a block at a time, pausing between blocks. */
export function* inBlocks(
  length: number,
  pass: (from: number, to: number) => void,
  block = BLOCK,
): Steps<void> {
  for (let from = 0; from < length; from += block) {
    pass(from, Math.min(length, from + block));
    yield;
  }
}
