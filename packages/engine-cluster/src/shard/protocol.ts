// The wire between the API server's ShardedEngine and the shard services (scale-out): JSON over
// NATS request/reply. Each shard listens on `<prefix>.<shard>.<op>` in the queue group
// `<prefix>.<shard>`, so a request goes to one replica of the shard.
import type { ShardDictionary, ShardOp, ShardRequests } from '@murmur/engine';

export const DEFAULT_PREFIX = 'murmur.engine';

export type { ShardOp, ShardRequests };

/** What a replica says about itself (ping). */
export interface ShardInfo {
  shard: number;
  shards: number;
  /** The replica's name (e.g. its process id), for logs and tests. */
  replica: string;
  /** Accounts the shard owns. */
  accounts: number;
  scale: number;
  /** Approximate bytes of its typed arrays. */
  bytes: number;
  /**
   * A live shard serving insights and lookalikes: each question's dictionary and round trips go to
   * one replica, which answers them over the version it pinned for that question (ShardedEngine,
   * live-questions.ts).
   */
  liveInsights?: boolean;
}

/**
 * Where a live shard replica stands on one partition of the live log (its consumer's lag): events
 * waiting, the time of X of the latest event applied, and how far that is behind the log's head.
 */
export interface ShardLivePartition {
  partition: number;
  lagEvents: number;
  lastEventAt: number | null;
  behindMs: number | null;
  /**
   * The log sequence of the partition the replica has applied (and acknowledges right after);
   * absent from replicas of a version that did not send it.
   */
  appliedSeq?: number;
}

/** A reply: the answer, or the error the replica met (name and message) — a bad package is a 4xx. */
export type ShardReply<T> = { ok: true; value: T } | { ok: false; name: string; message: string };

export const shardSubject = (prefix: string, shard: number, op: ShardOp): string =>
  `${prefix}.${shard}.${op}`;
export const shardQueue = (prefix: string, shard: number): string => `${prefix}.${shard}`;

/** A replica's name as one subject token (NATS tokens hold no dots, spaces or wildcards). */
const token = (replica: string): string => replica.replace(/[^A-Za-z0-9_-]/g, '_');

/**
 * One replica's own subject for `op` (no queue group): a live shard's insights question reaches the
 * replica that pinned its version for every round trip after the dictionary.
 */
export const replicaSubject = (prefix: string, shard: number, replica: string, op: ShardOp): string =>
  `${prefix}.${shard}.replica.${token(replica)}.${op}`;

/**
 * The operations of one insights or lookalike question, which a replica also answers on its own
 * subject.
 */
export const isQuestionOp = (op: ShardOp): boolean =>
  op === 'estimate' || op === 'questionFinish' || op.startsWith('insights') || op.startsWith('lookalike');

/** What a replica answers a live question's dictionary with: itself, to be asked again. */
export interface QuestionDictionary<D = ShardDictionary> {
  /** The replica's own name on the wire (replicaSubject): its name and a token of its service. */
  replica: string;
  dictionary: D;
}

/** A static shard's dictionary, or a live shard's for one question. */
export type ShardDictionaryReply = ShardDictionary | QuestionDictionary;

/**
 * Operations whose replies may pass NATS's max_payload, streamed in chunks: the insights round trips,
 * an overlap's membership combinations (one per combination met, up to one per account), a
 * lookalike's feature counts and rankings, and a census's community of each account.
 */
export const isStreamed = (op: ShardOp): boolean =>
  op.startsWith('insights') || op.startsWith('lookalike') || op === 'overlapMany' || op === 'communityCensus';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
export const encode = (value: unknown): Uint8Array => encoder.encode(JSON.stringify(value));
export const decode = <T>(data: Uint8Array): T => JSON.parse(decoder.decode(data)) as T;
