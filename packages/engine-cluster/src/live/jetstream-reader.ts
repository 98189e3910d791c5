import {
  AckPolicy,
  DeliverPolicy,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import type { LiveEvent } from '@murmur/core/live';
import type { LiveReader, LoggedEvent } from './live-log';

const NANOS = 1_000_000;
const decoder = new TextDecoder();

/** The stream a reader's consumer reads, with the clients that reach it. */
export interface ConsumedStream {
  js: JetStreamClient;
  jsm: JetStreamManager;
  stream: string;
}

/**
 * A reader of the live log's stream through the durable consumer `name` (explicit acknowledgement
 * of all up to a sequence; `filter`: one partition's subject, undefined: the whole stream in its
 * sequence order), reading after `after`. The consumer is kept when it stands exactly at `after`
 * with nothing delivered and unacknowledged; otherwise it is created again at `after + 1`
 * (jetstream-log.ts `reader` says why).
 */
export async function consumerReader(
  { js, jsm, stream }: ConsumedStream,
  name: string,
  filter: string | undefined,
  after: number,
): Promise<LiveReader> {
  const info = await jsm.consumers.info(stream, name).catch(() => null);
  const standsAt =
    info !== null &&
    info.ack_floor.stream_seq === after &&
    // (delivered.stream_seq runs ahead to the last message the filter looked at, not the last delivered)
    info.delivered.consumer_seq === info.ack_floor.consumer_seq &&
    info.num_ack_pending === 0 &&
    (info.config.filter_subject || undefined) === filter;
  if (!standsAt) {
    if (info) await jsm.consumers.delete(stream, name);
    await jsm.consumers.add(stream, {
      durable_name: name,
      ...(filter !== undefined && { filter_subject: filter }),
      ack_policy: AckPolicy.All,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: after + 1,
      ack_wait: 60_000 * NANOS,
    });
  }
  const consumer = await js.consumers.get(stream, name);
  const queue: JsMsg[] = [];
  const held = new Map<number, JsMsg>();
  let wake: (() => void) | undefined;
  const messages: ConsumerMessages = await consumer.consume({
    max_messages: 512,
    callback: (m) => {
      queue.push(m);
      wake?.();
    },
  });
  const take = (max: number): LoggedEvent[] =>
    queue.splice(0, max).map((m) => {
      held.set(m.seq, m);
      return { seq: m.seq, event: JSON.parse(decoder.decode(m.data)) as LiveEvent };
    });
  return {
    next: async (max, waitMs) => {
      if (queue.length === 0 && waitMs > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, waitMs);
          function done() {
            clearTimeout(timer);
            wake = undefined;
            resolve();
          }
          wake = done;
        });
      }
      return take(max);
    },
    ack: async (seq) => {
      const m = held.get(seq);
      if (!m) throw new RangeError(`Sequence ${seq} was not delivered by this reader`);
      // AckPolicy.All: acknowledging this message acknowledges every earlier one of the consumer.
      await m.ackAck();
      for (const s of held.keys()) if (s <= seq) held.delete(s);
    },
    acknowledged: async () => (await jsm.consumers.info(stream, name)).ack_floor.stream_seq,
    close: async () => {
      wake?.();
      await messages.close();
    },
  };
}
