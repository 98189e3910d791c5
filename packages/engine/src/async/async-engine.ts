import type { AudienceInsights } from '@murmur/core/insights';
import type { TargetingPackage } from '@murmur/core/targeting';
import type { InsightsOptions } from '../insights/context';
import type { AudienceEngine, AudienceEstimate } from '../engine';
import type { CategoricalField } from '../postings/fields';
import type { LookupField, LookupResult } from '../lookup/autocomplete';
import type { FieldCounts } from './field-counts';
import type { OverlapCounts } from '../overlap/overlap-many';
import { EvaluatedSets, overlapOfQueries } from '../overlap/evaluated-sets';

/** A value now (in-process engine) or later (worker threads, shards). */
export type MaybePromise<T> = T | Promise<T>;

/** An audience as it travels: a package and the packages whose members are left out. */
export interface AudienceQuery {
  pkg: TargetingPackage;
  exclusions?: readonly TargetingPackage[] | undefined;
}

/**
 * The audience engine's asynchronous interface (scale-out): the same questions answered by the
 * engine in this thread, by worker threads over its shared memory, or by shards on NATS
 * (shard/sharded-engine.ts). Everything that crosses it is plain data (packages in, counts out),
 * so each implementation can run it wherever the accounts are and merge the answers exactly.
 *
 * The in-process implementation answers synchronously (a value, not a promise): the estimate route
 * then allocates nothing for the interface; callers `await` only what is a promise (`isPromise`).
 */
export interface AsyncAudienceEngine {
  /** 'in-process', 'workers' or 'shards': where the answers are computed. */
  readonly kind: 'in-process' | 'workers' | 'shards';
  /** The size of an audience (exclusions subtracted), as `AudienceEngine.estimate`. */
  estimate(query: AudienceQuery): MaybePromise<AudienceEstimate>;
  /** Member and population counts of single-valued fields (the member panels' mergeable form). */
  fieldCounts(query: AudienceQuery, fields?: readonly CategoricalField[]): MaybePromise<FieldCounts>;
  /** Autocomplete suggestions, as `AudienceEngine.lookup`. */
  lookup(field: LookupField, q: string, limit?: number): MaybePromise<LookupResult[]>;
  /**
   * Every insights panel of an audience, as `AudienceEngine.insights` (shards: merged from their
   * partial aggregates, shard/merge-insights.ts). Shares and affinities are measured against
   * `baseline` (a country, another audience, a pushed set of an earlier point) when given, else the
   * whole network. Optional: the server's engines answer insights from their own engine for now.
   */
  insights?(
    query: AudienceQuery,
    options?: InsightsOptions,
    baseline?: AudienceQuery,
  ): MaybePromise<AudienceInsights>;
  /**
   * The overlap of 2–50 audiences, as `AudienceEngine.overlapMany` (shards: their counts summed).
   * Optional like insights: worker pools answer it through the server's engine tasks.
   */
  overlapMany?(audiences: readonly AudienceQuery[]): MaybePromise<OverlapCounts>;
  close(): Promise<void>;
}

export const isPromise = <T>(value: MaybePromise<T>): value is Promise<T> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/** The engine of this thread behind the asynchronous interface (answers are immediate values). */
export function inProcessAsyncEngine(engine: AudienceEngine): AsyncAudienceEngine {
  const evaluated = new EvaluatedSets();
  return {
    kind: 'in-process',
    estimate: (q) =>
      engine.estimate(
        q.pkg,
        q.exclusions && q.exclusions.length > 0 ? { exclusions: q.exclusions } : undefined,
      ),
    fieldCounts: (q, fields) =>
      engine.fieldCounts(engine.evaluate(q.pkg, { exclusions: q.exclusions ?? [] }).accounts, fields),
    lookup: (field, q, limit) => engine.lookup(field, q, limit),
    insights: (q, options, baseline) =>
      engine.insights(
        engine.evaluate(q.pkg, { exclusions: q.exclusions ?? [] }),
        options,
        baseline && engine.evaluate(baseline.pkg, { exclusions: baseline.exclusions ?? [] }).accounts,
      ),
    overlapMany: (audiences) => overlapOfQueries(engine, audiences, evaluated),
    close: () => Promise.resolve(),
  };
}
