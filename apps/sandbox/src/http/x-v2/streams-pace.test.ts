import { afterEach, describe, expect, it, vi } from 'vitest';
import { StreamPump, type PumpSource, type StreamSink } from './stream-pump';

/**
 * A stream is written at its reader's pace (stream-pump.ts): a replay far larger than what the
 * connection may hold unread reaches a slow reader whole and in order — it used to be written in one
 * piece and the connection dropped for its size, which left a collector that had fallen behind
 * unable to reconnect (every attempt's replay was dropped at once, bench:live at 200 000 accounts);
 * a reader that stops reading is dropped after `stallMs`; `end_time` still ends the stream.
 */

/** An event log of `rows` rows, one a second from t = 1000, each one line of ~100 bytes. */
function log(rows: number, clock = 1000 + rows): PumpSource & { rows: number; clock: number } {
  const source = {
    rows,
    clock,
    length: () => source.rows,
    time: (row: number) => 1000 + row,
    render: (row: number) => `{"row":${row},"text":"${'x'.repeat(80)}"}\r\n`,
    now: () => source.clock,
  };
  return source;
}

/** A connection holding at most `capacity` unread bytes; `read()` takes what is there. */
function connection(capacity: number) {
  let buffered = 0;
  let drain: (() => void) | undefined;
  const state = { received: '', finished: undefined as boolean | undefined, writesRefused: 0 };
  const sink: StreamSink = {
    write(text) {
      if (state.finished !== undefined) throw new Error('written after the end');
      state.received += text;
      buffered += text.length;
      const room = buffered <= capacity;
      if (!room) state.writesRefused++;
      return room;
    },
    onDrain(callback) {
      drain = callback;
    },
    finish(destroy) {
      state.finished = destroy;
    },
  };
  const read = () => {
    buffered = 0;
    const callback = drain;
    drain = undefined;
    callback?.();
  };
  return {
    sink,
    state,
    read,
    get waiting() {
      return drain !== undefined;
    },
  };
}

const rowsOf = (text: string) =>
  text
    .split('\r\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { row: number }).row);

afterEach(() => void vi.useRealTimers());

describe('a stream written at its reader’s pace', () => {
  it('sends a replay far larger than its buffer whole and in order, waiting for the reader', () => {
    const source = log(20_000);
    const c = connection(16_384);
    const pump = new StreamPump(0, source, c.sink, { stallMs: 60_000 });
    pump.pump();
    // It stopped when the buffer was full instead of writing 2 MB at once.
    expect(c.state.received.length).toBeLessThan(16_384 + 600 * 100);
    expect(c.waiting).toBe(true);
    let reads = 0;
    while (c.waiting) {
      c.read();
      reads++;
    }
    // A wait per block of rows (512 rows, ~50 kB, more than the buffer).
    expect(reads).toBeGreaterThanOrEqual(Math.floor(20_000 / 512));
    expect(rowsOf(c.state.received)).toEqual(Array.from({ length: 20_000 }, (_, i) => i));
    // Rows appended later (the clock's next step) follow, once.
    source.rows = 20_100;
    pump.pump();
    while (c.waiting) c.read();
    expect(rowsOf(c.state.received)).toEqual(Array.from({ length: 20_100 }, (_, i) => i));
    expect(c.state.finished).toBeUndefined();
    pump.close();
  });

  it('skips rows before start_time and ends cleanly at end_time, through pauses', () => {
    const source = log(10_000);
    const c = connection(8_192);
    const pump = new StreamPump(0, source, c.sink, { startTime: 1500, endTime: 8999, stallMs: 60_000 });
    pump.pump();
    while (c.waiting) c.read();
    expect(rowsOf(c.state.received)).toEqual(Array.from({ length: 7_500 }, (_, i) => 500 + i));
    expect(c.state.finished).toBe(false);
  });

  it('ends when the clock passes end_time with nothing more to send', () => {
    const source = log(100, 1100);
    const c = connection(1 << 20);
    const pump = new StreamPump(0, source, c.sink, { endTime: 1200, stallMs: 60_000 });
    pump.pump();
    expect(c.state.finished).toBeUndefined();
    source.clock = 1201;
    pump.pump();
    expect(c.state.finished).toBe(false);
    expect(rowsOf(c.state.received)).toHaveLength(100);
  });

  it('drops a reader that leaves it waiting stallMs, and not one that reads in time', () => {
    vi.useFakeTimers();
    const reading = connection(4_096);
    const stalled = connection(4_096);
    const a = new StreamPump(0, log(5_000), reading.sink, { stallMs: 1_000 });
    const b = new StreamPump(0, log(5_000), stalled.sink, { stallMs: 1_000 });
    a.pump();
    b.pump();
    for (let t = 0; t < 20 && reading.waiting; t++) {
      vi.advanceTimersByTime(900);
      reading.read();
    }
    expect(reading.state.finished).toBeUndefined();
    expect(rowsOf(reading.state.received)).toHaveLength(5_000);
    expect(stalled.state.finished).toBe(true);
    a.close();
  });
});
