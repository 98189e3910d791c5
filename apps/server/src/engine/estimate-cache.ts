import {
  isPromise,
  type AsyncAudienceEngine,
  type AudienceEstimate,
  type MaybePromise,
} from '@murmur/engine';
import type { Estimate } from '@murmur/core/api';
import type { TargetingPackage } from '@murmur/core/targeting';
import { createLruCache } from '../lib/lru-cache';
import { toEstimate, type EngineSampling } from './engine-audience';

/** How many distinct estimates are kept, and for how long (milliseconds). */
export const ESTIMATE_CACHE = { max: 1000, ttlMs: 30_000 } as const;

/** An estimate and its response body (serialised once). */
export interface SizedEstimate {
  estimate: Estimate;
  body: string;
}

export interface EstimateCache {
  /**
   * `toEstimate(engine.estimate({ pkg, exclusions }))`, from memory when the same question was just
   * asked: a value when the engine answers in this thread, a promise when it answers elsewhere
   * (shards); a failed answer is not kept. `sampling`: the engine's sample (the figure's interval).
   */
  estimate(
    engine: AsyncAudienceEngine,
    pkg: TargetingPackage,
    exclusions: TargetingPackage[],
    sampling: EngineSampling,
  ): MaybePromise<SizedEstimate>;
}

/**
 * A short-lived cache of estimates (the serving path): the builder re-estimates the same package again and
 * again while it is edited. It cannot be stale: the key is the whole package and the exclusion
 * packages (as validated: their keys in schema order), the entries belong to one engine (a new
 * engine empties it), and packages naming custom audiences — the only part of an engine that can
 * change after it is built (`registerCustomAudience`) — are never cached.
 */
export function createEstimateCache(options: { max: number; ttlMs: number } = ESTIMATE_CACHE): EstimateCache {
  const entries = createLruCache<string, SizedEstimate>(options);
  let owner: AsyncAudienceEngine | undefined;
  return {
    estimate(engine, pkg, exclusions, sampling) {
      if (namesCustomAudience(pkg) || exclusions.some(namesCustomAudience)) {
        return sized(engine, pkg, exclusions, sampling);
      }
      if (engine !== owner) {
        entries.clear();
        owner = engine;
      }
      const key = JSON.stringify(exclusions.length === 0 ? pkg : [pkg, exclusions]);
      const estimate = entries.get(key);
      if (estimate !== undefined) return estimate;
      const answer = sized(engine, pkg, exclusions, sampling);
      if (!isPromise(answer)) {
        entries.set(key, answer);
        return answer;
      }
      return answer.then((done) => {
        if (owner === engine) entries.set(key, done);
        return done;
      });
    },
  };
}

function sized(
  engine: AsyncAudienceEngine,
  pkg: TargetingPackage,
  exclusions: TargetingPackage[],
  sampling: EngineSampling,
): MaybePromise<SizedEstimate> {
  const answer = engine.estimate({ pkg, exclusions });
  return isPromise(answer) ? answer.then((done) => sizedOf(done, sampling)) : sizedOf(answer, sampling);
}

// toEstimate builds exactly estimateSchema's fields (typed `Estimate`), so the body is that object
// serialised once (modules/audiences/audience-configs.test.ts checks the answer against the schema).
function sizedOf(answer: AudienceEstimate, sampling: EngineSampling): SizedEstimate {
  const estimate = toEstimate(answer, sampling.sampleSize, sampling.scale);
  return { estimate, body: JSON.stringify(estimate) };
}

function namesCustomAudience(pkg: TargetingPackage): boolean {
  return (pkg.custom_audiences?.length ?? 0) > 0;
}
