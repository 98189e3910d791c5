// A live shard's side of sharded insights and lookalikes, one question at a time (docs/LIVE.md,
// "Insights on live shards", "Lookalikes on live shards"): a live shard's terms, populations and
// numbers move with every batch it applies, so the dictionary and every round trip of one question
// must be read from one version of one replica.
import type { AudienceQuery } from '../async/async-engine';
import type { AudienceEstimate } from '../engine';
import { countAudience } from '../evaluate/evaluate';
import type { ShardLookalike } from '../lookalike/shard-lookalike';
import {
  liveShardInsights,
  liveShardLookalike,
  liveShardVersion,
  type LiveShardEngine,
  type LiveShardVersion,
} from './live-shard';
import type { ShardDictionary, ShardInsights } from './shard-insights';

/** A question held: its pinned version, its insights and lookalike over it, released after its last round trip. */
interface Held {
  version: LiveShardVersion;
  insights: ShardInsights;
  /** Built on the question's first lookalike round trip. */
  lookalike?: ShardLookalike;
  timer: ReturnType<typeof setTimeout>;
}

export interface LiveQuestionsOptions {
  /** Questions held at once; the oldest is released for a new one (default 8). */
  keep?: number;
  /** A question not finished within this time (its coordinator gone) is released (default 120 000 ms). */
  ttlMs?: number;
}

/** Thrown for a round trip of a question this replica does not hold (never asked, or released). */
export class UnknownQuestionError extends Error {
  override readonly name = 'UnknownQuestionError';
  constructor(question: string) {
    super(
      `Question ${question} is not held on this replica: its round trips must reach the replica ` +
        'that answered its dictionary, within its time.',
    );
  }
}

/**
 * The questions a live shard replica is answering: `dictionary(question)` pins the version current
 * now (liveShardVersion) and answers its term dictionary; the question's later round trips read that
 * version whatever the replica applies meanwhile — an insights question's `estimate`, then
 * ShardInsights' partial, graph, resolve and describe through `of`; a lookalike's count,
 * population, rank, describe and joint through `lookalike` — and `finish` (after an insights
 * question's describe, after a lookalike's last round trip) releases it.
 */
export class LiveShardQuestions {
  private readonly held = new Map<string, Held>();
  private readonly keep: number;
  private readonly ttlMs: number;

  constructor(
    private readonly engine: LiveShardEngine,
    options: LiveQuestionsOptions = {},
  ) {
    this.keep = Math.max(1, options.keep ?? 8);
    this.ttlMs = options.ttlMs ?? 120_000;
  }

  /** Questions held now. */
  get size(): number {
    return this.held.size;
  }

  /** Pins the current version for `question` (again: the same one) and answers its dictionary. */
  dictionary(question: string): ShardDictionary {
    let held = this.held.get(question);
    if (!held) {
      while (this.held.size >= this.keep) this.finish(this.held.keys().next().value);
      const version = liveShardVersion(this.engine);
      const { insights } = liveShardInsights(this.engine, version);
      const timer = setTimeout(() => this.finish(question), this.ttlMs);
      timer.unref?.();
      held = { version, insights, timer };
      this.held.set(question, held);
    }
    return held.insights.dictionary();
  }

  private heldOf(question: string | undefined): Held {
    const held = question === undefined ? undefined : this.held.get(question);
    if (!held) throw new UnknownQuestionError(String(question));
    return held;
  }

  /** The question's insights over its pinned version. @throws UnknownQuestionError */
  of(question: string | undefined): ShardInsights {
    return this.heldOf(question).insights;
  }

  /**
   * The question's lookalike side over its pinned version, the one its dictionary was read from
   * (liveShardLookalike). @throws UnknownQuestionError
   */
  lookalike(question: string | undefined): ShardLookalike {
    const held = this.heldOf(question);
    return (held.lookalike ??= liveShardLookalike(this.engine, held.version));
  }

  /** The audience's size over the question's pinned version (the insights' first round trip). */
  estimate(question: string | undefined, audience: AudienceQuery): AudienceEstimate {
    const { index } = this.of(question);
    return countAudience(index, audience.pkg, { exclusions: audience.exclusions ?? [] });
  }

  /** Releases the question's version (unknown: nothing to do). */
  finish(question: string | undefined): void {
    const held = question === undefined ? undefined : this.held.get(question);
    if (!held) return;
    clearTimeout(held.timer);
    this.held.delete(question!);
    held.version.release();
  }

  /** Releases every question held. */
  close(): void {
    for (const question of [...this.held.keys()]) this.finish(question);
  }
}
