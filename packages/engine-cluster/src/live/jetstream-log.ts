import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import {
  connect,
  createInbox,
  headers,
  type Msg,
  type NatsConnection,
  type Subscription,
} from '@nats-io/transport-node';
import type { LiveEvent } from '@murmur/core/live';
import {
  checkPartitions,
  partitionOfEvent,
  type AppendResult,
  type LiveLog,
  type LiveReader,
  type LogHead,
} from './live-log';
import { consumerReader, type ConsumedStream } from './jetstream-reader';

export const LIVE_STREAM = 'MURMUR_LIVE';
export const LIVE_SUBJECT_PREFIX = 'murmur.live';

export interface JetStreamLiveLogOptions {
  nc: NatsConnection;
  partitions: number;
  /** The stream's name (tests use their own). */
  stream?: string;
  /** Subjects are `<prefix>.<partition>`. */
  subjectPrefix?: string;
  /**
   * How long JetStream remembers an event key to drop a re-append of it. Default 6 minutes: longer
   * than X's 5 minutes of backfill, which a restarted collector asks for, so that what it appended
   * before the restart and reads again is dropped, not stored twice.
   */
  duplicateWindowMs?: number;
  /**
   * Publishes awaiting JetStream's acknowledgement at once, at most (each event is one publish;
   * a new one goes out as soon as an earlier one is acknowledged). Default 4096.
   */
  maxInFlight?: number;
  /** An append fails when no acknowledgement came for this long (ms). Default 10 000. */
  ackTimeoutMs?: number;
}

/** JetStream's answer to a publish (its PubAck, or an API error). */
interface PubAckReply {
  stream?: string;
  seq?: number;
  duplicate?: boolean;
  error?: { code?: number; err_code?: number; description?: string };
}

const NANOS = 1_000_000;
/** X's backfill (5 minutes) and one more for clock skew between X's event times and ours. */
export const DUPLICATE_WINDOW_MS = 6 * 60_000;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** X's time (`at`) of a stored event, or null when the message is not an event the log wrote. */
function eventTimeOf(data: Uint8Array): number | null {
  try {
    const event = JSON.parse(decoder.decode(data)) as Partial<LiveEvent>;
    return typeof event.at === 'number' ? event.at : null;
  } catch {
    return null;
  }
}

/**
 * The live log on NATS JetStream: one stream (`MURMUR_LIVE`) with a subject per partition
 * (`murmur.live.<partition>`), each event published with `Nats-Msg-Id` = its key so that JetStream's
 * de-duplication window drops a re-append (a collector's replay, X's backfill). The partition count
 * is written into the stream's description and checked on open: another count would send an account's
 * events to another partition and break their order.
 */
export class JetStreamLiveLog implements LiveLog {
  private constructor(
    readonly partitions: number,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    readonly stream: string,
    readonly subjectPrefix: string,
    private readonly nc: NatsConnection,
    private readonly maxInFlight: number,
    private readonly ackTimeoutMs: number,
  ) {}

  /** The acknowledgements of this log's publishes, on one inbox (created at the first append). */
  private acks?: { prefix: string; subscription: Subscription };
  private readonly waiting = new Map<string, (reply: PubAckReply) => void>();
  private appends = 0;

  /** Opens the stream, creating it when missing. */
  static async open(options: JetStreamLiveLogOptions): Promise<JetStreamLiveLog> {
    const partitions = checkPartitions(options.partitions);
    const stream = options.stream ?? LIVE_STREAM;
    let prefix = options.subjectPrefix ?? LIVE_SUBJECT_PREFIX;
    const jsm = await jetstreamManager(options.nc);
    const existing = await jsm.streams.info(stream).catch(() => null);
    const duplicateWindow = (options.duplicateWindowMs ?? DUPLICATE_WINDOW_MS) * NANOS;
    if (existing) {
      // An existing stream says its subjects: a reader that names only the stream finds them.
      const own = /^(.+)\.\*$/.exec(existing.config.subjects?.[0] ?? '')?.[1];
      if (!own || (options.subjectPrefix !== undefined && options.subjectPrefix !== own)) {
        throw new RangeError(
          `The stream ${stream} holds ${existing.config.subjects?.join(', ') ?? 'no subjects'}, not ${prefix}.*`,
        );
      }
      prefix = own;
      // A stream made with a shorter window (an older default) is widened: replays must be dropped.
      if ((existing.config.duplicate_window ?? 0) < duplicateWindow)
        await jsm.streams.update(stream, { duplicate_window: duplicateWindow });
      const recorded = Number(/partitions=(\d+)/.exec(existing.config.description ?? '')?.[1]);
      if (recorded !== partitions) {
        throw new RangeError(
          `The live stream ${stream} has ${Number.isNaN(recorded) ? 'no recorded' : recorded} partitions, not ${partitions}: an account's events would change partition.`,
        );
      }
    } else {
      await jsm.streams.add({
        name: stream,
        subjects: [`${prefix}.*`],
        duplicate_window: duplicateWindow,
        // In the description rather than the metadata, which needs nats-server 2.10 (Debian has 2.9).
        description: `Murmur live events, partitions=${partitions}`,
      });
    }
    return new JetStreamLiveLog(
      partitions,
      jetstream(options.nc),
      jsm,
      stream,
      prefix,
      options.nc,
      options.maxInFlight ?? 4096,
      options.ackTimeoutMs ?? 10_000,
    );
  }

  private get consumed(): ConsumedStream {
    return { js: this.js, jsm: this.jsm, stream: this.stream };
  }

  subject(partition: number): string {
    return `${this.subjectPrefix}.${partition}`;
  }

  /**
   * Publishes every event with a reply inbox of this log's own and keeps up to `maxInFlight`
   * acknowledgements outstanding (JetStream's asynchronous publish), instead of one request per
   * event. Publishes of one connection reach the server in order, so each partition keeps its
   * order however many are in flight. Resolves once every event is acknowledged; rejects on
   * JetStream's error or a silence of `ackTimeoutMs` (the caller appends again: the keys make a
   * re-append of what was stored a duplicate, not a second copy).
   */
  async append(events: readonly LiveEvent[]): Promise<AppendResult> {
    if (events.length === 0) return { stored: 0, duplicates: 0 };
    const acks = this.ackInbox();
    const batch = `${acks.prefix}.${++this.appends}`;
    let duplicates = 0;
    let acknowledged = 0;
    let sent = 0;
    let failure: Error | undefined;
    let wake: (() => void) | undefined;
    let lastProgress = Date.now();
    const settle = (reply: PubAckReply) => {
      if (reply.error) {
        failure ??= new Error(
          `JetStream refused an append: ${reply.error.description ?? 'error'} (${reply.error.err_code ?? reply.error.code ?? '?'})`,
        );
      } else if (reply.duplicate) duplicates++;
      acknowledged++;
      lastProgress = Date.now();
      wake?.();
    };
    const timer = setInterval(
      () => {
        if (Date.now() - lastProgress > this.ackTimeoutMs) {
          failure ??= new Error(
            `JetStream acknowledged ${acknowledged} of ${sent} appended events, then nothing for ${this.ackTimeoutMs} ms`,
          );
          wake?.();
        }
      },
      Math.min(1000, this.ackTimeoutMs),
    );
    const until = (ready: () => boolean) =>
      new Promise<void>((resolve) => {
        wake = () => {
          if (ready() || failure) {
            wake = undefined;
            resolve();
          }
        };
        wake();
      });
    try {
      for (const event of events) {
        if (sent - acknowledged >= this.maxInFlight)
          await until(() => sent - acknowledged < this.maxInFlight);
        if (failure) break;
        const reply = `${batch}.${sent}`;
        this.waiting.set(reply, settle);
        const h = headers();
        h.set('Nats-Msg-Id', event.key);
        this.nc.publish(
          this.subject(partitionOfEvent(event, this.partitions)),
          encoder.encode(JSON.stringify(event)),
          { reply, headers: h },
        );
        sent++;
      }
      if (!failure) await until(() => acknowledged === sent);
      if (failure) throw failure;
      return { stored: events.length - duplicates, duplicates };
    } finally {
      clearInterval(timer);
      for (let i = 0; i < sent; i++) this.waiting.delete(`${batch}.${i}`);
    }
  }

  private ackInbox(): { prefix: string; subscription: Subscription } {
    if (this.acks) return this.acks;
    const prefix = createInbox();
    const subscription = this.nc.subscribe(`${prefix}.>`, {
      callback: (error, msg: Msg) => {
        if (error) return;
        const settle = this.waiting.get(msg.subject);
        if (!settle) return;
        this.waiting.delete(msg.subject);
        // A publish no stream took (no responders) is answered with status 503 and no body.
        if (msg.data.length === 0) {
          settle({ error: { code: 503, description: 'no stream took the event' } });
          return;
        }
        let reply: PubAckReply;
        try {
          reply = msg.json<PubAckReply>();
        } catch {
          reply = { error: { description: 'an acknowledgement that is not JSON' } };
        }
        settle(reply);
      },
    });
    this.acks = { prefix, subscription };
    return this.acks;
  }

  /**
   * When the stream was created (JetStream's time, ISO): its sequences mean something only within
   * this incarnation of the stream, so a snapshot's position names it (live-shard-snapshots.ts).
   */
  async created(): Promise<string> {
    return (await this.jsm.streams.info(this.stream)).created;
  }

  async lastSequence(partition: number): Promise<number> {
    return (await this.head(partition)).seq;
  }

  async head(partition: number): Promise<LogHead> {
    this.check(partition);
    const last = await this.jsm.streams
      .getMessage(this.stream, { last_by_subj: this.subject(partition) })
      .catch(() => null);
    if (!last) return { seq: 0, at: null };
    return { seq: last.seq, at: eventTimeOf(last.data) };
  }

  /**
   * The durable consumer `<durableName>-p<partition>` (explicit acknowledgement of all up to a
   * sequence), reading after `after`. It is kept when it stands exactly at `after` with nothing
   * delivered and unacknowledged; otherwise (a new engine, an engine restored from an older snapshot,
   * a consumer killed mid-batch) it is created again at `after + 1` (deliver_policy
   * by_start_sequence), so delivery restarts at once and in order instead of waiting for JetStream to
   * redeliver what the dead process held.
   */
  async reader(partition: number, durableName: string, after: number): Promise<LiveReader> {
    this.check(partition);
    return consumerReader(this.consumed, `${durableName}-p${partition}`, this.subject(partition), after);
  }

  /**
   * The durable consumer `<durableName>-all` over the whole stream (every partition), delivering in
   * the stream's sequence order; otherwise as `reader`.
   */
  orderedReader(durableName: string, after: number): Promise<LiveReader> {
    return consumerReader(this.consumed, `${durableName}-all`, undefined, after);
  }

  /**
   * Deletes the durable consumers `<durableName>-p<k>` that `reader` made (an engine that read each
   * partition on its own before it read through `orderedReader`), returning each one's acknowledged
   * sequence by partition.
   */
  async retirePartitionReaders(durableName: string): Promise<Record<string, number>> {
    const retired: Record<string, number> = {};
    const own = new RegExp(`^${durableName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-p(\\d+)$`);
    const names: { name: string; partition: string; acked: number }[] = [];
    for await (const info of this.jsm.consumers.list(this.stream)) {
      const partition = own.exec(info.name)?.[1];
      if (partition !== undefined)
        names.push({ name: info.name, partition, acked: info.ack_floor.stream_seq });
    }
    for (const { name, partition, acked } of names) {
      await this.jsm.consumers.delete(this.stream, name);
      retired[partition] = acked;
    }
    return retired;
  }

  /** Deletes the stream and every consumer of it (tests, and an operator starting over). */
  async destroy(): Promise<void> {
    await this.close();
    await this.jsm.streams.delete(this.stream);
  }

  close(): Promise<void> {
    this.acks?.subscription.unsubscribe();
    this.acks = undefined;
    return Promise.resolve();
  }

  private check(partition: number): void {
    if (!Number.isInteger(partition) || partition < 0 || partition >= this.partitions) {
      throw new RangeError(`No partition ${partition} (the log has ${this.partitions})`);
    }
  }
}

/**
 * Connects to NATS and opens the live log there; closing the returned log also closes its own
 * connection (the API server's live path, when LIVE_NATS_URL is set).
 */
export async function connectJetStreamLiveLog(
  url: string,
  options: Omit<JetStreamLiveLogOptions, 'nc'> & { name?: string },
): Promise<LiveLog> {
  const nc = await connect({ servers: url, name: options.name ?? 'murmur-live' });
  try {
    const log = await JetStreamLiveLog.open({ ...options, nc });
    return {
      partitions: log.partitions,
      append: (events) => log.append(events),
      lastSequence: (partition) => log.lastSequence(partition),
      head: (partition) => log.head(partition),
      reader: (partition, durableName, after) => log.reader(partition, durableName, after),
      orderedReader: (durableName, after) => log.orderedReader(durableName, after),
      retirePartitionReaders: (durableName) => log.retirePartitionReaders(durableName),
      async close() {
        await log.close();
        await nc.close();
      },
    };
  } catch (error) {
    await nc.close();
    throw error;
  }
}
