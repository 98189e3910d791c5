// One question over live shards, as the sharded engine asks it (docs/LIVE.md, "Insights on live
// shards", "Lookalikes on live shards"): the question's dictionary pins a version on one replica of
// each shard, and every later round trip goes to that replica with the question's name.
import { randomUUID } from 'node:crypto';
import {
  MergedDictionary,
  ShardUnavailableError,
  type ShardAsker,
  type ShardOp,
  type ShardRequests,
} from '@murmur/engine';
import type { ShardDictionaryReply } from './protocol';
import { isNamed } from './shard-transport';

/** What a live question needs of the sharded engine. */
export interface LiveQuestionHost {
  readonly shards: number;
  /** Questions asked again after a replica gone, a question released or a shard behind. */
  readonly attempts: number;
  /** Every shard's dictionary for the question, one replica of each (its queue group). */
  dictionaries(question: string): Promise<ShardDictionaryReply[]>;
  /** One shard's answer from one replica (its own subject). */
  ask<K extends ShardOp, T>(shard: number, op: K, input: ShardRequests[K], replica: string): Promise<T>;
  /** Tells one replica something without waiting for an answer (a question's release). */
  tell<K extends ShardOp>(shard: number, op: K, input: ShardRequests[K], replica: string): void;
}

/**
 * Runs one question over live shards: their terms, populations and numbers move with every batch, so
 * the dictionary is fetched for the question — each replica answering it pins the version it has
 * then (live-questions.ts) — and every later round trip goes to that replica's own subject, with the
 * question's name. `release: 'finish'` (lookalikes) tells each replica to release the version once
 * `run` is done; an insights question's last round trip (describe) releases it itself. A question
 * that fails is released too. A replica gone, a question released mid-way (its time passed) or a
 * shard behind another (LiveVersionBehindError) starts the question again, up to `attempts` times.
 */
export async function liveQuestion<T>(
  host: LiveQuestionHost,
  run: (asker: ShardAsker, dictionary: MergedDictionary) => Promise<T>,
  release: 'finish' | 'last round trip',
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const question = randomUUID();
    const replies = await host.dictionaries(question);
    const replicas = replies.map((reply, shard) => {
      if (!('replica' in reply)) throw new Error(`Shard ${shard} is not live: it answered no question.`);
      return reply.replica;
    });
    const finish = () =>
      replicas.forEach((replica, shard) => host.tell(shard, 'questionFinish', { question }, replica));
    const dictionary = new MergedDictionary(replies.map((r) => ('replica' in r ? r.dictionary : r)));
    const asker: ShardAsker = {
      shards: host.shards,
      ask: <K extends ShardOp, R>(shard: number, op: K, input: ShardRequests[K]) =>
        host.ask<K, R>(shard, op, { ...input, question }, replicas[shard]!),
    };
    try {
      const answer = await run(asker, dictionary);
      if (release === 'finish') finish();
      return answer;
    } catch (error) {
      finish();
      const again =
        error instanceof ShardUnavailableError ||
        isNamed(error, 'UnknownQuestionError') ||
        isNamed(error, 'LiveVersionBehindError');
      if (!again || attempt >= host.attempts) throw error;
    }
  }
}
