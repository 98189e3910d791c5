/** Event-log rows rendered at a time before the pump looks at the client's buffer again. */
const PUMP_ROWS = 512;

/** Where a stream's text goes: an HTTP response in the sandbox, a test's sink in tests. */
export interface StreamSink {
  /** False once the sink's buffer is full: nothing more until `onDrain`'s callback. */
  write(text: string): boolean;
  onDrain(callback: () => void): void;
  /** Ends the stream: `destroy` drops the connection (a stalled reader), else it ends cleanly. */
  finish(destroy: boolean): void;
}

export interface PumpSource {
  /** Rows in the event log now (it only grows). */
  readonly length: () => number;
  /** A row's time, simulated seconds. */
  readonly time: (row: number) => number;
  /** The row's lines on this stream, as text ('' when none is this stream's). */
  readonly render: (row: number) => string;
  /** The simulated clock now. */
  readonly now: () => number;
}

/**
 * A stream's cursor in the event log (streams.ts): what is before it has been written. `pump()`
 * renders and writes the rows after it while the sink takes them; once the sink's buffer is full it
 * waits for the reader ('drain'), so a replay of hours or a burst never piles up in memory and is
 * never dropped for its size, and a reader that leaves it waiting `stallMs` is dropped (as X drops a
 * stalled reader). Rows after `endTime` end the stream, as does the clock passing it.
 */
export class StreamPump {
  private paused = false;
  private ended = false;
  private stall: NodeJS.Timeout | undefined;

  constructor(
    private next: number,
    private readonly source: PumpSource,
    private readonly sink: StreamSink,
    private readonly window: {
      startTime?: number | undefined;
      endTime?: number | undefined;
      stallMs: number;
    },
  ) {}

  /** Writes what the reader can take now; called on every step of the clock and on 'drain'. */
  pump(): void {
    const { startTime, endTime } = this.window;
    while (!this.ended && !this.paused && this.next < this.source.length()) {
      const last = Math.min(this.next + PUMP_ROWS, this.source.length());
      let text = '';
      let passed = false;
      for (; this.next < last; this.next++) {
        const t = this.source.time(this.next);
        if (startTime !== undefined && t < startTime) continue;
        if (endTime !== undefined && t > endTime) {
          passed = true;
          break;
        }
        text += this.source.render(this.next);
      }
      const room = text === '' || this.sink.write(text);
      if (passed) return this.end(false);
      if (!room) this.wait();
    }
    if (!this.paused && endTime !== undefined && this.source.now() > endTime) this.end(false);
  }

  /** Stops for good (the connection closed, or the stream ended). */
  close(): void {
    this.ended = true;
    clearTimeout(this.stall);
  }

  private wait(): void {
    this.paused = true;
    this.stall = setTimeout(() => this.end(true), this.window.stallMs);
    this.sink.onDrain(() => {
      clearTimeout(this.stall);
      this.paused = false;
      this.pump();
    });
  }

  private end(destroy: boolean): void {
    if (this.ended) return;
    this.close();
    this.sink.finish(destroy);
  }
}
