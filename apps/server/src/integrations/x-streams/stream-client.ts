/**
 * One long-lived connection to one of X's streams through twitter-api-v2's streaming support
 * (`v2.getStream` with autoReconnect and backoff): app-only bearer token, newline-delimited JSON,
 * keep-alive newlines. What the library does not do, done here around it:
 * - every reconnection asks for `backfill_minutes` (up to X's 5) covering the time the stream was
 *   silent, so a dropped connection loses nothing (the collector drops the replayed duplicates);
 * - the response is decoded as UTF-8 before the library's line parser sees it, which otherwise turns
 *   each network chunk into a string on its own and breaks a character split between two chunks
 *   (every Japanese post is at risk).
 */

import { Agent } from 'node:http';
import type { Readable } from 'node:stream';
import { ETwitterStreamEvent, TwitterApi, type TweetStream } from 'twitter-api-v2';

/** X's maximum `backfill_minutes` (OpenAPI document: minimum 0, maximum 5). */
export const MAX_BACKFILL_MINUTES = 5;

export type XStreamState = 'connecting' | 'connected' | 'reconnecting' | 'closed';

export interface XStreamOptions {
  /** X API v2 base ending in `/2/` (X_STREAM_URL): `https://api.x.com/2/` or the sandbox's `…/sandbox/x/2/`. */
  baseUrl: string;
  bearerToken: string;
  /** Below the base, e.g. `tweets/firehose/stream`. */
  path: string;
  query: Record<string, string | number>;
  /** Backfill asked for on the first connection (a restarted collector missed the time it was down). */
  initialBackfillMinutes: number;
  /** Milliseconds before reconnection attempt `n` (from 1): the backoff. */
  retryDelayMs: (attempt: number) => number;
  /** Silence (no data, no keep-alive) after which the connection counts as lost; X sends a keep-alive every 20 s. */
  keepAliveTimeoutMs: number;
  onLine: (line: unknown) => void;
  onParseError: (error: Error) => void;
  onState: (state: XStreamState, detail?: string) => void;
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
  const query: Record<string, string | number> = { ...options.query };
  if (options.initialBackfillMinutes > 0)
    query.backfill_minutes = Math.min(MAX_BACKFILL_MINUTES, options.initialBackfillMinutes);
  const stream: TweetStream<unknown> = client.v2.getStream<unknown>(options.path, query, {
    prefix: options.baseUrl,
    autoConnect: false,
  });
  const internals = stream as unknown as StreamInternals;
  let lastHeard = now();
  let reconnects = 0;
  let closed = false;

  const decodeUtf8 = () => internals.res?.setEncoding('utf8');
  stream.on(ETwitterStreamEvent.Connected, () => {
    decodeUtf8();
    lastHeard = now();
    options.onState('connected');
  });
  stream.on(ETwitterStreamEvent.Reconnected, () => {
    decodeUtf8();
    reconnects++;
    lastHeard = now();
    options.onState('connected', `reconnected (${reconnects})`);
  });
  stream.on(ETwitterStreamEvent.Data, (line: unknown) => {
    lastHeard = now();
    options.onLine(line);
  });
  stream.on(ETwitterStreamEvent.DataKeepAlive, () => {
    lastHeard = now();
  });
  stream.on(ETwitterStreamEvent.TweetParseError, (error: Error) => options.onParseError(error));
  stream.on(ETwitterStreamEvent.ReconnectAttempt, () => {
    // Emitted just before the library re-sends the same request: ask for what was missed.
    internals.requestData.url.searchParams.set('backfill_minutes', String(backfillFor(now() - lastHeard)));
    options.onState('reconnecting');
  });
  stream.on(ETwitterStreamEvent.ConnectionError, (error: Error) =>
    options.onState('reconnecting', error.message),
  );
  stream.on(ETwitterStreamEvent.ConnectionClosed, () => {
    if (!closed) options.onState('closed');
  });
  options.onState('connecting');
  await stream.connect({
    autoReconnect: true,
    autoReconnectRetries: 'unlimited',
    keepAliveTimeout: options.keepAliveTimeoutMs,
    nextRetryTimeout: options.retryDelayMs,
  });
  return {
    close() {
      closed = true;
      stream.close();
      options.onState('closed');
    },
    get reconnects() {
      return reconnects;
    },
  };
}
