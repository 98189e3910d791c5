import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  type AsyncAudienceEngine,
  type AudienceQuery,
  mergeFieldCounts,
  type FieldCounts,
  type AudienceEstimate,
  ShardOpUnsupportedError,
  ShardUnavailableError,
  type CategoricalField,
  type LookupField,
  type LookupResult,
  type InsightsOptions,
  mergeEstimates,
  MergedDictionary,
  shardedInsights,
  type ShardDictionary,
  mergeOverlapCounts,
  type OverlapCounts,
  shardedLookalike,
  type Lookalike,
  type LookalikeOptions,
  mergeCensuses,
  type CommunityCensus,
  type CommunityPartition,
  type ShardCensus,
  type WirePartition,
} from '@murmur/engine';
import { liveQuestion, type LiveQuestionHost } from './live-question';
import { readShardMap } from './shard-map';
import { isNamed, remoteError, requestChunks } from './shard-transport';
import { mergeLiveStatus } from '../live/shard-live-status';
import { PushedSets } from './shard-sets';
import type { AudienceInsights } from '@murmur/core/insights';
import {
  DEFAULT_PREFIX,
  decode,
  encode,
  isStreamed,
  replicaSubject,
  shardSubject,
  type ShardDictionaryReply,
  type ShardInfo,
  type ShardLivePartition,
  type ShardOp,
  type ShardReply,
  type ShardRequests,
} from './protocol';

/** One shard's answer to `liveStatusByShard`. */
export interface ShardLiveReport {
  shard: number;
  /**
   * `reporting`: its replica's position per partition; `static`: it follows no live log; `unsupported`:
   * its replicas do not know the operation (older version); `unavailable`: no replica answered.
   */
  state: 'reporting' | 'static' | 'unsupported' | 'unavailable';
  partitions: ShardLivePartition[];
  /** Why it could not say (unsupported, unavailable). */
  error?: string;
}

export interface ShardedEngineOptions {
  nc: NatsConnection;
  /** How many shards the accounts are split into. */
  shards: number;
  prefix?: string;
  /** How long one replica has to answer before the request goes to another (default 2 000 ms). */
  timeoutMs?: number;
  /** Attempts per shard and request (default 3): a replica killed mid-request costs one. */
  attempts?: number;
  /**
   * How long one replica has for an insights round trip, streamed in chunks (default 30 000 ms, at
   * least `timeoutMs`): a partial aggregate over millions of accounts takes longer than an estimate.
   */
  insightsTimeoutMs?: number;
}

/**
 * The audience engine over shards on NATS (scale-out): each question is sent to every shard (one
 * replica of each, by NATS queue group), and the answers are merged exactly — counts add up since
 * every account belongs to one shard. A replica that does not answer in time is skipped for another
 * of the same shard; a shard with no replica answering fails the question with
 * ShardUnavailableError (naming the shard), never a count without it.
 */
export class ShardedEngine implements AsyncAudienceEngine {
  readonly kind = 'shards';
  private readonly prefix: string;
  private readonly timeoutMs: number;
  private readonly attempts: number;
  private readonly insightsTimeoutMs: number;
  private readonly sets: PushedSets;

  private constructor(
    private readonly options: ShardedEngineOptions,
    /** Real accounts per indexed account (the same on every shard). */
    readonly scale: number,
    /** What one replica of each shard said when the engine opened. */
    readonly shardInfo: readonly ShardInfo[],
  ) {
    this.prefix = options.prefix ?? DEFAULT_PREFIX;
    this.timeoutMs = options.timeoutMs ?? 2000;
    this.attempts = options.attempts ?? 3;
    this.insightsTimeoutMs = Math.max(this.timeoutMs, options.insightsTimeoutMs ?? 30_000);
    this.sets = new PushedSets(options.nc, options.shards, this.prefix);
  }

  /**
   * Pushes a set of account numbers to the shards under `name` (what packages name in
   * `custom_audiences`), replacing one of the same name: each shard's part is stored in JetStream
   * (shard-sets.ts), so every replica registers it, and a replica started later too. Every later
   * question waits, on each replica, until the set is applied there.
   */
  registerSet(name: string, members: ArrayLike<number>): Promise<void> {
    return this.sets.put(name, members);
  }

  /** Removes a pushed set from every shard (and from what restarted replicas read). */
  removeSet(name: string): Promise<void> {
    return this.sets.remove(name);
  }

  /** Asks every shard who it is (all must answer, agree on the shard count and scale). */
  static async open(options: ShardedEngineOptions): Promise<ShardedEngine> {
    const probe = new ShardedEngine(options, 1, []);
    const info = await probe.scatter('ping', null);
    info.forEach((i, shard) => {
      if (i.shard !== shard || i.shards !== options.shards) {
        throw new Error(
          `Shard ${shard} answers as shard ${i.shard} of ${i.shards}, not of ${options.shards}.`,
        );
      }
    });
    const scales = new Set(info.map((i) => i.scale));
    if (scales.size !== 1) throw new Error(`The shards disagree on the scale: ${[...scales].join(', ')}.`);
    return new ShardedEngine(options, info[0]!.scale, info);
  }

  /** How many shards the accounts are split into. */
  get shards(): number {
    return this.options.shards;
  }

  private dictionary: Promise<MergedDictionary> | undefined;

  /**
   * Every insights panel (computeInsights) over the shards, merged from their partial aggregates:
   * count-based panels equal the single engine's; the community core and sample accounts are drawn
   * from the shards in proportion to their members (shard/merge-insights.ts). The shards' term
   * dictionaries are fetched once, on the first question — a live shard's, per question, with every
   * round trip of the question sent to the replica that answered it (`liveQuestion`). Against
   * `baseline` when given (a country, another audience, a pushed set): counted by the shards in the
   * same question (merge-baseline.ts), so a live shard reads both at one version.
   */
  async insights(
    query: AudienceQuery,
    options?: InsightsOptions,
    baseline?: AudienceQuery,
  ): Promise<AudienceInsights> {
    if (this.shardInfo.some((i) => i.liveInsights)) {
      return liveQuestion(
        this.questionHost,
        (asker, dictionary) => shardedInsights(asker, dictionary, this.scale, query, options, baseline),
        'last round trip',
      );
    }
    return shardedInsights(this, await this.mergedDictionary(), this.scale, query, options, baseline);
  }

  /**
   * What a question over live shards (live-question.ts `liveQuestion`) asks of this engine: each
   * shard's dictionary through its queue group, every later round trip to the replica that answered
   * it, and its release told to that replica without waiting.
   */
  private get questionHost(): LiveQuestionHost {
    return {
      shards: this.shards,
      attempts: this.attempts,
      dictionaries: (question) =>
        this.scatter<'insightsDictionary', ShardDictionaryReply>('insightsDictionary', { question }),
      ask: (shard, op, input, replica) => this.ask(shard, op, input, replica),
      tell: (shard, op, input, replica) => {
        try {
          this.options.nc.publish(replicaSubject(this.prefix, shard, replica, op), encode(input));
        } catch {
          // The connection is closing: the replica releases the question after its time.
        }
      },
    };
  }

  /**
   * A lookalike of a seed (global account numbers), as the single engine's `lookalike`: the same
   * held-out recall, ranking, samples and reasons (lookalike/merge-lookalike.ts). Sample counts.
   * Over live shards, one question as insights ask it (`liveQuestion`): every round trip reads the
   * version its replica pinned for the dictionary, released once the lookalike is merged.
   */
  async lookalike(seed: ArrayLike<number>, options?: LookalikeOptions): Promise<Lookalike> {
    if (this.shardInfo.some((i) => i.liveInsights)) {
      return liveQuestion(
        this.questionHost,
        (asker, dictionary) => shardedLookalike(asker, dictionary, seed, options),
        'finish',
      );
    }
    return shardedLookalike(this, await this.mergedDictionary(), seed, options);
  }

  /** The shards' term dictionaries merged, fetched once (again after a failure). */
  private async mergedDictionary(): Promise<MergedDictionary> {
    this.dictionary ??= this.scatter<'insightsDictionary', ShardDictionary>('insightsDictionary', null).then(
      (parts) => new MergedDictionary(parts),
    );
    return this.dictionary.catch((error: unknown) => {
      this.dictionary = undefined;
      throw error;
    });
  }

  /** Accounts the shards own together. */
  get accounts(): number {
    return this.shardInfo.reduce((sum, i) => sum + i.accounts, 0);
  }

  /**
   * One shard's answer: a replica of it, another one after a timeout, ShardUnavailableError after all;
   * with `replica`, that replica's (a live question's round trips), ShardUnavailableError once gone.
   */
  async ask<K extends ShardOp, T>(
    shard: number,
    op: K,
    input: ShardRequests[K],
    replica?: string,
  ): Promise<T> {
    const subject =
      replica === undefined
        ? shardSubject(this.prefix, shard, op)
        : replicaSubject(this.prefix, shard, replica, op);
    const payload = encode(input);
    const streamed = isStreamed(op);
    const timeout = streamed ? this.insightsTimeoutMs : this.timeoutMs;
    const headers = this.sets.headers(shard);
    for (let attempt = 1; ; attempt++) {
      let data: Uint8Array | undefined;
      try {
        data = streamed
          ? await requestChunks(this.options.nc, subject, payload, timeout, headers)
          : (await this.options.nc.request(subject, payload, { timeout, ...(headers && { headers }) })).data;
      } catch (error) {
        if (isNamed(error, 'NoRespondersError')) {
          if (replica === undefined && op !== 'ping' && (await this.answers(shard))) {
            // The shard runs, but no replica of it listens for this operation: an older version.
            throw new ShardOpUnsupportedError(shard, op);
          }
          throw new ShardUnavailableError(
            shard,
            replica === undefined ? 'no replica is running' : `replica ${replica} is gone`,
          );
        }
        if (!isNamed(error, 'TimeoutError')) throw error;
      }
      if (data === undefined) {
        if (attempt >= this.attempts) {
          throw new ShardUnavailableError(
            shard,
            `no replica answered within ${timeout} ms (${this.attempts} attempts)`,
          );
        }
        continue;
      }
      const reply = decode<ShardReply<T>>(data);
      if (!reply.ok) throw remoteError(shard, reply);
      return reply.value;
    }
  }

  /** Whether a replica of `shard` answers `ping` (every version serves it). */
  private async answers(shard: number): Promise<boolean> {
    try {
      await this.options.nc.request(shardSubject(this.prefix, shard, 'ping'), encode(null), {
        timeout: this.timeoutMs,
      });
      return true;
    } catch {
      return false;
    }
  }

  /** Every shard's answer, by shard. */
  scatter<K extends ShardOp, T = K extends 'ping' ? ShardInfo : unknown>(
    op: K,
    input: ShardRequests[K],
  ): Promise<T[]> {
    return Promise.all(
      Array.from({ length: this.options.shards }, (_, shard) => this.ask<K, T>(shard, op, input)),
    );
  }

  async estimate(query: AudienceQuery): Promise<AudienceEstimate> {
    return mergeEstimates(await this.scatter<'estimate', AudienceEstimate>('estimate', query), this.scale);
  }

  async fieldCounts(query: AudienceQuery, fields?: readonly CategoricalField[]): Promise<FieldCounts> {
    const parts = await this.scatter<'fieldCounts', FieldCounts>('fieldCounts', {
      audience: query,
      ...(fields && { fields }),
    });
    return mergeFieldCounts(parts);
  }

  /**
   * The overlap of 2–50 audiences (AudienceEngine.overlapMany): each shard counts its accounts'
   * membership combinations, and the counts add up exactly (every account is in one shard).
   */
  async overlapMany(audiences: readonly AudienceQuery[]): Promise<OverlapCounts> {
    return mergeOverlapCounts(await this.scatter<'overlapMany', OverlapCounts>('overlapMany', { audiences }));
  }

  /**
   * Suggestions of every shard, merged by value (reach summed over the shards, the first detail
   * kept), the widest reach first. Each shard proposes its own best `limit`, so an item no shard
   * ranks among its best is missed: suggestions, not counts.
   */
  async lookup(field: LookupField, q: string, limit = 10): Promise<LookupResult[]> {
    const parts = await this.scatter<'lookup', LookupResult[]>('lookup', { field, q, limit });
    const merged = new Map<string, LookupResult>();
    for (const part of parts) {
      for (const r of part) {
        const known = merged.get(r.value);
        if (!known) merged.set(r.value, { ...r });
        else {
          known.sampleCount += r.sampleCount;
          known.detail ??= r.detail;
        }
      }
    }
    return [...merged.values()]
      .map((r) => ({ ...r, size: Math.round(r.sampleCount * this.scale) }))
      .sort((a, b) => b.sampleCount - a.sampleCount)
      .slice(0, limit);
  }

  /**
   * A census of the network's communities under a partition found earlier (the single engine's
   * `explore.communityCensus`): each shard says which core accounts it holds, then counts its own
   * accounts given the core present anywhere; the counts add up (every account is on one shard).
   */
  async communityCensus(partition: CommunityPartition): Promise<CommunityCensus> {
    const core = Array.from(partition.core);
    const present = (await this.scatter<'censusCore', number[]>('censusCore', { core })).flat();
    const wire: WirePartition = {
      core,
      community: Array.from(partition.community),
      listed: Array.from(partition.listed),
    };
    return mergeCensuses(
      await this.scatter<'communityCensus', ShardCensus>('communityCensus', {
        partition: wire,
        presentCore: present.sort((a, b) => a - b),
      }),
    );
  }

  /**
   * Where the shards stand on the live log, per partition (the slowest replica asked,
   * live/shard-live-status.ts); null when no shard is live.
   */
  async liveStatus(): Promise<{ partitions: ShardLivePartition[] } | null> {
    return mergeLiveStatus(await this.scatter<'liveStatus', ShardLivePartition[] | null>('liveStatus', null));
  }

  /**
   * Each shard's own position on the live log (one replica of it asked), for operators: its
   * partitions, null for a static shard, or why it could not say — `unsupported` (its replicas are of
   * a version without the operation: ShardOpUnsupportedError) or `unavailable` (no replica answered).
   * Never throws for one shard; `mergeLiveStatus` of the reported ones is `liveStatus()`'s figure.
   */
  async liveStatusByShard(): Promise<ShardLiveReport[]> {
    return Promise.all(
      Array.from({ length: this.options.shards }, async (_, shard): Promise<ShardLiveReport> => {
        try {
          const partitions = await this.ask<'liveStatus', ShardLivePartition[] | null>(
            shard,
            'liveStatus',
            null,
          );
          return { shard, state: partitions === null ? 'static' : 'reporting', partitions: partitions ?? [] };
        } catch (error) {
          if (error instanceof ShardOpUnsupportedError || error instanceof ShardUnavailableError) {
            const state = error instanceof ShardOpUnsupportedError ? 'unsupported' : 'unavailable';
            return { shard, state, partitions: [], error: error.message };
          }
          throw error;
        }
      }),
    );
  }

  /** The connection belongs to the caller; nothing else is held. */
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Connects to NATS at `natsUrl` and opens a sharded engine over it (every shard must answer; the
 * shard count from the shard map when not given); `close` closes the connection.
 */
export async function connectShardedEngine(
  options: Omit<ShardedEngineOptions, 'nc' | 'shards'> & { natsUrl: string; name?: string; shards?: number },
): Promise<{ engine: ShardedEngine; close(): Promise<void> }> {
  const { natsUrl, name, shards, ...rest } = options;
  const nc = await connect({ servers: natsUrl, name: name ?? 'murmur-sharded-engine' });
  try {
    // Without a shard count, the shard map in JetStream KV says how many there are.
    const count = shards ?? (await readShardMap(nc, rest.prefix))?.shards;
    if (count === undefined) {
      throw new Error(`No shard count given and no shard map published on ${natsUrl} (npm run dev:cluster).`);
    }
    return { engine: await ShardedEngine.open({ ...rest, shards: count, nc }), close: () => nc.close() };
  } catch (error) {
    await nc.close();
    throw error;
  }
}
