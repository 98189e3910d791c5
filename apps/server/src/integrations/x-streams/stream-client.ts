/**
 * One long-lived connection to one of X's streams through twitter-api-v2's streaming support
 * (`v2.getStream` with autoReconnect and backoff): app-only bearer token, newline-delimited JSON,
 * keep-alive newlines. What the library does not do, done here around it:
 * - every connection attempt asks X to replay what it missed: `backfill_minutes` (up to X's 5)
 *   covering the time the stream was silent, or, past X's 5 minutes, X's Recovery (`start_time`,
 *   up to 24 hours back) from the instant the caller names (`replay`); the collector drops the
 *   replayed duplicates;
 * - an attempt X refused for the rate limit (429 with `x-rate-limit-remaining: 0`) is retried at
 *   X's `x-rate-limit-reset` instant rather than by blind backoff: every attempt before it would be
 *   refused, every minute after it is a minute of the stream not read;
 * - the lines are split and parsed here, not by the library's parser (whose `push` is made a no-op):
 *   - the response is decoded as UTF-8 first; the library turns each network chunk into a string of
 *     its own, which breaks a character split between two chunks (every Japanese post is at risk);
 *   - a chunk that is only `\r\n` ends the line before it: the library takes such a chunk for a
 *     keep-alive and never parses it, so when the network split a line just before its end, that
 *     line and the next were read as one and both lost as unparsable (seen in bench:live at 1 M
 *     accounts);
 *   - the library's parser compares a two-character slice at every character of the text and scans
 *     a line under way again from its start at each chunk: a fifth of the server's main thread while
 *     ingesting in bench:live (2026-11-30); `indexOf` here;
 *   - a line under way longer than MAX_LINE_CHARS is dropped as unparsable, not buffered for ever;
 * - a closed stream stays closed: the library's `close()` does not abort a reconnection attempt in
 *   flight, which then connects and reads on (and retries) after the close. Closing turns the
 *   library's reconnection off, and a connection made after it is closed as it is made.
 */

import { Agent } from 'node:http';
import type { Readable } from 'node:stream';
import { ApiResponseError, ETwitterStreamEvent, TwitterApi, type TweetStream } from 'twitter-api-v2';

/** X's maximum `backfill_minutes` (OpenAPI document: minimum 0, maximum 5). */
export const MAX_BACKFILL_MINUTES = 5;
/** How far back X's Recovery (`start_time`) reaches (docs.x.com, "Recovery and redundancy": 24 hours). */
export const MAX_RECOVERY_MS = 24 * 60 * 60_000;
/** After X's reset instant (whole seconds), so that the attempt falls in the new window. */
const AFTER_RESET_MS = 500;

/** What a connection attempt asks X to replay: minutes of backfill, or Recovery from an instant (X's time, ms). */
export type XReplay = { backfillMinutes: number } | { startTime: number } | null;

/** Why an attempt failed, as the retry sees it. */
export interface XRetry {
  attempt: number;
  delayMs: number;
  /** HTTP status when X answered, e.g. 429. */
  status?: number;
  /** X's `x-rate-limit-remaining` and `x-rate-limit-reset` (unix seconds) when it sent them. */
  remaining?: number;
  reset?: number;
  /**
   * X's time when it answered (its `Date` header, ms), when it did: how much of X's time an outage
   * took, which the wall clock tells only where X's clock runs with it (not the sandbox's fast one).
   */
  xTime?: number;
  reason: string;
}

export type XStreamState = 'connecting' | 'connected' | 'reconnecting' | 'closed';

export interface XStreamOptions {
  /** X API v2 base ending in `/2/` (X_STREAM_URL): `https://api.x.com/2/` or the sandbox's `…/sandbox/x/2/`. */
  baseUrl: string;
  bearerToken: string;
  /** Below the base, e.g. `tweets/firehose/stream`. */
  path: string;
  query: Record<string, string | number>;
  /**
   * What each attempt asks X to replay: `connectedBefore` is whether this stream had a connection in
   * this process, `silentMs` how long (wall clock) since it last heard from X or was opened.
   */
  replay: (connectedBefore: boolean, silentMs: number) => XReplay;
  /** Milliseconds before reconnection attempt `n` (from 1): the backoff, unless X named its reset. */
  retryDelayMs: (attempt: number) => number;
  /** Told of each failed attempt and the wait before the next. */
  onRetry?: (retry: XRetry) => void;
  /** Silence (no data, no keep-alive) after which the connection counts as lost; X sends a keep-alive every 20 s. */
  keepAliveTimeoutMs: number;
  onLine: (line: unknown) => void;
  /** X's keep-alive newline (every 20 s on an idle stream). */
  onKeepAlive?: () => void;
  onParseError: (error: Error) => void;
  onState: (state: XStreamState, detail?: string) => void;
  /** The longest line under way kept, in characters (default MAX_LINE_CHARS); a longer one is dropped. */
  maxLineChars?: number;
  /** The clock (tests may move it); wall-clock milliseconds. */
  now?: () => number;
}

export interface XStreamConnection {
  close(): void;
  /** Reconnections made so far. */
  readonly reconnects: number;
}

/** The library keeps the request and response it streams from protected; this is the part used here. */
interface StreamInternals {
  requestData: { url: URL };
  res?: Readable;
  autoReconnect: boolean;
  /** The library's line parser: what the library feeds each chunk that is not a lone `\r\n`. */
  parser: { push(chunk: string): void };
}

/** The longest line under way kept (X's lines are a few kilobytes): past it the line is dropped. */
export const MAX_LINE_CHARS = 16 * 1024 * 1024;

/**
 * Reads the connection as UTF-8 text and hands on each complete line (`\r\n`-terminated; empty
 * ones, X's keep-alives, skipped), or a RangeError for a line past `maxChars` characters, which is
 * dropped up to its end. Bound as the library announces a connection, so each connection starts
 * with no line under way (a line cut by a lost connection is not joined to the next one's first).
 */
function readLines(
  res: Readable,
  maxChars: number,
  onText: (text: string) => void,
  onTooLong: (error: Error) => void,
): void {
  res.setEncoding('utf8');
  let pending = '';
  let skipping = false;
  res.on('data', (chunk: string) => {
    const text = pending + chunk;
    let start = 0;
    // A `\r` ending the text before could pair with this chunk's `\n`.
    let end = text.indexOf('\r\n', Math.max(0, pending.length - 1));
    for (; end >= 0; end = text.indexOf('\r\n', start)) {
      if (skipping) skipping = false;
      else if (end > start) onText(text.slice(start, end));
      start = end + 2;
    }
    pending = start === 0 ? text : text.slice(start);
    if (pending.length > maxChars) {
      if (!skipping)
        onTooLong(new RangeError(`A stream line longer than ${maxChars} characters was dropped.`));
      skipping = true;
      // Keep a final `\r`, whose `\n` may come next.
      pending = pending.endsWith('\r') ? '\r' : '';
    }
  });
}

/** Backfill minutes covering a silence of `silentMs`, rounded up, at most X's 5. */
export const backfillFor = (silentMs: number): number =>
  Math.min(MAX_BACKFILL_MINUTES, Math.max(1, Math.ceil(silentMs / 60_000)));

/** Opens the stream; resolves once the first connection is made or its retries are scheduled. */
export async function openXStream(options: XStreamOptions): Promise<XStreamConnection> {
  const now = options.now ?? Date.now;
  // The library always calls https.request, which takes an http:// URL (the sandbox in development)
  // only with an http.Agent.
  const client = new TwitterApi(
    options.bearerToken,
    options.baseUrl.startsWith('http:') ? { httpAgent: new Agent() } : {},
  );
  const stream: TweetStream<unknown> = client.v2.getStream<unknown>(options.path, options.query, {
    prefix: options.baseUrl,
    autoConnect: false,
  });
  const internals = stream as unknown as StreamInternals;
  // Lines are parsed here (readLines); the library's parser would only do it again, slowly.
  internals.parser.push = () => undefined;
  let lastHeard = now();
  let reconnects = 0;
  let connectedBefore = false;
  let closed = false;
  /** Sets the attempt's replay in the request the library sends (it re-sends the same one on retries). */
  const askReplay = () => {
    const params = internals.requestData.url.searchParams;
    params.delete('backfill_minutes');
    params.delete('start_time');
    const replay = options.replay(connectedBefore, now() - lastHeard);
    if (replay && 'startTime' in replay)
      params.set('start_time', new Date(replay.startTime).toISOString().replace(/\.\d{3}Z$/, 'Z'));
    else if (replay && replay.backfillMinutes > 0)
      params.set('backfill_minutes', String(Math.min(MAX_BACKFILL_MINUTES, replay.backfillMinutes)));
  };

  /**
   * An attempt in flight when the stream was closed has just connected: closed in turn once the
   * library has bound it (it emits before binding; closing removes its listeners, then destroys it).
   */
  const closedMeanwhile = (): boolean => {
    if (!closed) return false;
    setImmediate(() => stream.close());
    return true;
  };
  const onText = (text: string) => {
    if (closed) return;
    lastHeard = now();
    let line: unknown;
    try {
      line = JSON.parse(text);
    } catch (error) {
      options.onParseError(error as Error);
      return;
    }
    options.onLine(line);
  };
  const bind = () => {
    if (internals.res)
      readLines(internals.res, options.maxLineChars ?? MAX_LINE_CHARS, onText, options.onParseError);
  };
  stream.on(ETwitterStreamEvent.Connected, () => {
    if (closedMeanwhile()) return;
    bind();
    connectedBefore = true;
    lastHeard = now();
    options.onState('connected');
  });
  stream.on(ETwitterStreamEvent.Reconnected, () => {
    if (closedMeanwhile()) return;
    bind();
    // A first connection made after refused attempts is reported as a reconnection by the library.
    if (connectedBefore) reconnects++;
    connectedBefore = true;
    lastHeard = now();
    options.onState('connected', `reconnected (${reconnects})`);
  });
  stream.on(ETwitterStreamEvent.DataKeepAlive, () => {
    lastHeard = now();
    options.onKeepAlive?.();
  });
  stream.on(ETwitterStreamEvent.ReconnectAttempt, () => {
    // Emitted just before the library re-sends the same request: ask for what was missed.
    askReplay();
    options.onState('reconnecting');
  });
  stream.on(ETwitterStreamEvent.ConnectionError, (error: Error) =>
    options.onState('reconnecting', error.message),
  );
  stream.on(ETwitterStreamEvent.ConnectionClosed, () => {
    if (!closed) options.onState('closed');
  });
  options.onState('connecting');
  askReplay();
  await stream.connect({
    autoReconnect: true,
    autoReconnectRetries: 'unlimited',
    keepAliveTimeout: options.keepAliveTimeoutMs,
    nextRetryTimeout: (attempt: number, error: unknown) => {
      const refused = error instanceof ApiResponseError ? error : undefined;
      const limit = refused?.rateLimit;
      // Out of connection attempts: every attempt before X's reset would be refused as well.
      const untilReset =
        refused?.code === 429 && limit?.remaining === 0 && Number.isFinite(limit.reset)
          ? Math.max(0, limit.reset * 1000 - now()) + AFTER_RESET_MS
          : undefined;
      const delayMs = untilReset ?? options.retryDelayMs(attempt);
      const dated = Date.parse(String(refused?.headers?.date ?? ''));
      options.onRetry?.({
        attempt,
        delayMs,
        ...(refused && { status: refused.code }),
        ...(limit && { remaining: limit.remaining, reset: limit.reset }),
        ...(Number.isFinite(dated) && { xTime: dated }),
        reason: error instanceof Error ? error.message : String(error),
      });
      return delayMs;
    },
  });
  return {
    close() {
      closed = true;
      internals.autoReconnect = false;
      stream.close();
      options.onState('closed');
    },
    get reconnects() {
      return reconnects;
    },
  };
}
