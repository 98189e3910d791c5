import { randomUUID } from 'node:crypto';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import {
  EvaluatedSets,
  overlapOfQueries,
  shardCensus,
  type AudienceEngine,
  type ShardSpec,
  type LiveShardQuestions,
  type ShardInsights,
  type ShardLookalike,
} from '@murmur/engine';
import { SETS_REVISION_HEADER, type FollowedSets } from './shard-sets';
import {
  DEFAULT_PREFIX,
  decode,
  encode,
  shardQueue,
  shardSubject,
  isQuestionOp,
  replicaSubject,
  type QuestionDictionary,
  type ShardDictionaryReply,
  type ShardInfo,
  type ShardLivePartition,
  type ShardOp,
  type ShardReply,
  type ShardRequests,
  isStreamed,
} from './protocol';

export interface ShardServiceOptions extends ShardSpec {
  nc: NatsConnection;
  /** The engine over this shard's index (buildShardIndex). */
  engine: AudienceEngine;
  prefix?: string;
  /** This replica's name (default: the process id). */
  replica?: string;
  /** Its side of sharded insights (over the same index); without it, insights questions fail. */
  insights?: ShardInsights;
  /**
   * A live shard's side of sharded insights and lookalikes, per question (live-questions.ts): each
   * question's dictionary pins a version, its round trips (on this replica's own subject) read it.
   */
  liveInsights?: LiveShardQuestions;
  /** Why this replica serves no insights (the error a question gets), when it has neither. */
  noInsights?: string;
  /**
   * Its side of sharded lookalikes (over the same index); without it (nor `liveInsights`, which
   * serves them per question), lookalike questions fail.
   */
  lookalike?: ShardLookalike;
  /**
   * The sets pushed to this shard, followed (shard-sets.ts): a request naming a later revision
   * waits for it. Without it, such a request fails rather than being answered without the set.
   */
  sets?: FollowedSets;
  /** How long a request may wait for the sets it names (default 10 000 ms). */
  setsWaitMs?: number;
  /** A live shard's position on the live log (its consumer's lag); absent: a static shard (null). */
  liveStatus?: () => Promise<ShardLivePartition[]>;
}

/**
 * A reply larger than NATS allows in one message (max_payload, 1 MB by default: an insights partial
 * over a large audience passes it) as consecutive chunks, then an empty message that ends it
 * (ShardedEngine reads it with requestMany's sentinel strategy).
 */
function respondInChunks(msg: Msg, data: Uint8Array, maxPayload = 1 << 20): void {
  const size = maxPayload > 1 << 16 ? maxPayload - 4096 : Math.floor(maxPayload / 2);
  for (let at = 0; at < data.length; at += size) msg.respond(data.subarray(at, at + size));
  msg.respond(new Uint8Array(0));
}

/** An operation's answer: a value, or a promise of one (a live shard's position). */
type Handlers = { [K in ShardOp]: (input: ShardRequests[K]) => unknown };

function failure(e: unknown): ShardReply<never> {
  const err = e instanceof Error ? e : new Error(String(e));
  return { ok: false, name: err.name, message: err.message };
}

/**
 * Serves one shard on NATS: one subscription per operation in the shard's queue group, so the
 * replicas of a shard share its requests and a request reaches one of them. Answers are computed
 * synchronously on this thread (a shard process is one engine); errors go back as data.
 */
export function serveShard(options: ShardServiceOptions): { info: ShardInfo; close(): Promise<void> } {
  const { nc, engine, shard, shards } = options;
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const info: ShardInfo = {
    shard,
    shards,
    replica: options.replica ?? String(process.pid),
    accounts: engine.stats.accounts,
    scale: engine.scale,
    bytes: engine.stats.bytes,
    ...(options.liveInsights && { liveInsights: true }),
  };
  const questions = options.liveInsights;
  // This replica's own subjects: its name and a token of this service, so that two replicas named
  // alike (process ids on two hosts) never answer one question's round trips together.
  const own = `${info.replica}-${randomUUID().slice(0, 8)}`;
  const withInsights = (): ShardInsights => {
    if (!options.insights) {
      throw new Error(`Shard ${shard} serves no insights (${options.noInsights ?? 'no term order'}).`);
    }
    return options.insights;
  };
  /** The insights a round trip reads: its question's pinned version on a live shard. */
  const insightsOf = (question: string | undefined): ShardInsights =>
    questions ? questions.of(question) : withInsights();
  const dictionary = (input: { question: string } | null): ShardDictionaryReply => {
    if (!questions) return withInsights().dictionary();
    if (!input?.question) throw new Error(`Shard ${shard} is live: its insights are asked per question.`);
    const answer: QuestionDictionary = {
      replica: own,
      dictionary: questions.dictionary(input.question),
    };
    return answer;
  };
  const evaluated = new EvaluatedSets();
  /** The lookalike side a round trip reads: its question's pinned version on a live shard. */
  const lookalikeOf = (question: string | undefined): ShardLookalike => {
    if (questions) return questions.lookalike(question);
    if (!options.lookalike) throw new Error(`Shard ${shard} serves no lookalikes.`);
    return options.lookalike;
  };
  const handlers: Handlers = {
    estimate: (q) =>
      questions && q.question !== undefined
        ? questions.estimate(q.question, q)
        : engine.estimate(q.pkg, { exclusions: q.exclusions ?? [] }),
    fieldCounts: ({ audience, fields }) =>
      engine.fieldCounts(engine.evaluate(audience.pkg, { exclusions: audience.exclusions ?? [] }), fields),
    lookup: ({ field, q, limit }) => engine.lookup(field, q, limit),
    // A live shard's accounts change as it applies the log: counted when asked.
    ping: () => ({ ...info, accounts: engine.stats.accounts, bytes: engine.stats.bytes }),
    // Saved audiences are overlapped again and again: their sets are kept (overlap/evaluated-sets.ts).
    overlapMany: ({ audiences }) => overlapOfQueries(engine, audiences, evaluated),
    insightsDictionary: dictionary,
    insightsPartial: (r) => insightsOf(r.question).partial(r),
    insightsGraph: (r) => insightsOf(r.question).graph(r),
    insightsResolve: (r) => insightsOf(r.question).resolve(r),
    // The question's last round trip (merge-insights.ts): its pinned version is released.
    insightsDescribe: (r) => {
      try {
        return insightsOf(r.question).describe(r);
      } finally {
        questions?.finish(r.question);
      }
    },
    lookalikeKeys: (r) => lookalikeOf(r.question).keys(r),
    lookalikeCount: (r) => lookalikeOf(r.question).count(r),
    lookalikePopulation: (r) => lookalikeOf(r.question).population(r),
    lookalikeRank: (r) => lookalikeOf(r.question).rank(r),
    lookalikeDescribe: (r) => lookalikeOf(r.question).describe(r),
    lookalikeJoint: (r) => lookalikeOf(r.question).joint(r),
    // After a lookalike's last round trip, or a question given up: its pinned version is released.
    questionFinish: (r) => {
      questions?.finish(r.question);
      return null;
    },
    censusCore: ({ core }) => engine.explore.presentCore(core),
    liveStatus: () => options.liveStatus?.() ?? null,
    communityCensus: ({ partition, presentCore }) =>
      shardCensus(
        engine.explore.communityCensus(
          {
            core: Uint32Array.from(partition.core),
            community: Uint32Array.from(partition.community),
            listed: Int32Array.from(partition.listed),
          },
          presentCore,
        ),
      ),
  };
  const ops = Object.keys(handlers) as ShardOp[];
  // Each operation in the shard's queue group; a live shard's question operations also on this
  // replica's own subject (a question's round trips after its dictionary).
  const subscriptions: Subscription[] = [
    ...ops.map((op) => subscribe(op, shardSubject(prefix, shard, op), shardQueue(prefix, shard))),
    ...(questions ? ops.filter(isQuestionOp) : []).map((op) =>
      subscribe(op, replicaSubject(prefix, shard, own, op)),
    ),
  ];
  function subscribe(op: ShardOp, subject: string, queue?: string): Subscription {
    return nc.subscribe(subject, {
      ...(queue && { queue }),
      callback: (error, msg) => {
        if (error) return;
        const answer = (reply: ShardReply<unknown>) => respond(op, msg, reply);
        const wanted = Number(msg.headers?.get(SETS_REVISION_HEADER) || 0);
        if (wanted > (options.sets?.revision ?? 0)) {
          // Sets were pushed that this replica has not applied yet: answer once it has.
          if (!options.sets) {
            answer(failure(new Error('This replica does not follow the pushed sets (no JetStream).')));
            return;
          }
          void options.sets
            .until(wanted, options.setsWaitMs ?? 10_000)
            .then(
              () => handle(op, msg),
              (e: unknown) => failure(e),
            )
            .then(answer);
          return;
        }
        const reply = handle(op, msg);
        if (reply instanceof Promise) void reply.then(answer);
        else answer(reply);
      },
    });
  }
  function handle(op: ShardOp, msg: Msg): ShardReply<unknown> | Promise<ShardReply<unknown>> {
    try {
      const input = msg.data.length === 0 ? null : decode<never>(msg.data);
      const value = (handlers[op] as (i: unknown) => unknown)(input);
      if (value instanceof Promise)
        return value.then((v: unknown): ShardReply<unknown> => ({ ok: true, value: v }), failure);
      return { ok: true, value };
    } catch (e) {
      return failure(e);
    }
  }
  function respond(op: ShardOp, msg: Msg, reply: ShardReply<unknown>): void {
    try {
      if (isStreamed(op)) respondInChunks(msg, encode(reply), nc.info?.max_payload);
      else msg.respond(encode(reply));
    } catch (e) {
      // A reply NATS refuses (larger than max_payload) is answered as an error, and the
      // connection stays up (an exception here would close it).
      const err = e instanceof Error ? e : new Error(String(e));
      msg.respond(encode({ ok: false, name: err.name, message: `${op}: ${err.message}` }));
    }
  }
  return {
    info,
    async close() {
      for (const s of subscriptions) s.unsubscribe();
      questions?.close();
      await nc.flush();
    },
  };
}
