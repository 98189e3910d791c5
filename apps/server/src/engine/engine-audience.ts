import { createHash } from 'node:crypto';
import type { Estimate } from '@murmur/core/api';
import {
  EMPTY_TARGETING_MESSAGE,
  isTargetingPackageNonEmpty,
  type TargetingPackage,
} from '@murmur/core/targeting';
import { populationEstimate, type EstimateFigure } from '@murmur/core/sampling';
import type { AudienceEstimate } from '@murmur/engine';
import { BadRequest } from '../errors';
import type { EngineHolder } from './engine-holder';

/** SPEC §5: an empty package is refused with the SPEC's message, as a body-level error. */
export function requireNonEmpty(pkg: TargetingPackage): void {
  if (!isTargetingPackageNonEmpty(pkg)) throw new BadRequest({ non_field_errors: [EMPTY_TARGETING_MESSAGE] });
}

/** The engine's sample as an estimate's interval needs it (@murmur/core/sampling). */
export interface EngineSampling {
  /** Accounts in the engine's index; null while it loads (the interval takes the large-sample limit). */
  sampleSize: number | null;
  /** Real accounts per indexed account (the rate of an empty audience); 1 while it loads. */
  scale: number;
}

export function samplingOf(holder: EngineHolder): EngineSampling {
  if (holder.status().state !== 'ready') return { sampleSize: null, scale: 1 };
  const engine = holder.get();
  return { sampleSize: engine.stats.accounts, scale: engine.scale };
}

/**
 * The rate an estimate was scaled by: population ÷ sample count (the engine's scale, or the one a
 * caller passed), `fallback` for an empty audience.
 */
const rateOf = (populationEstimate: number, sampleCount: number, fallback: number): number =>
  sampleCount > 0 && populationEstimate > 0 ? populationEstimate / sampleCount : fallback;

/**
 * The population estimate of `sampleCount` sampled accounts (the engine scaled it to `scaled`) as a figure with its 95 % interval, from a sample of `sampleSize` accounts.
 */
export function estimateFigureOf(
  sampleCount: number,
  scaled: number,
  { sampleSize, scale }: EngineSampling,
): EstimateFigure {
  return populationEstimate(sampleCount, { sampleSize, rate: rateOf(scaled, sampleCount, scale) });
}

/**
 * The engine's estimate in the API's snake_case shape (docs/API-AUDIENCES.md "Estimate"), with the
 * population estimate as a figure: its 95 % interval from a sample of `sampleSize` accounts.
 */
export function toEstimate(e: AudienceEstimate, sampleSize: number | null, scale = 1): Estimate {
  return {
    sample_count: e.sampleCount,
    population_estimate: e.populationEstimate,
    size_bucket: e.sizeBucket,
    unmatched: e.unmatched.map((u) => ({ criterion: u.criterion, label: u.label })),
    handles_truncated: e.handlesTruncated,
    figure: estimateFigureOf(e.sampleCount, e.populationEstimate, { sampleSize, scale }),
  };
}

/** A stored estimate (a report saved before estimates carried their figure) with its figure. */
export function withFigure(
  estimate: Omit<Estimate, 'figure'> & { figure?: Estimate['figure'] },
  { sampleSize, scale }: EngineSampling,
): Estimate {
  if (estimate.figure) return estimate as Estimate;
  return {
    ...estimate,
    figure: populationEstimate(estimate.sample_count, {
      sampleSize,
      rate: rateOf(estimate.population_estimate, estimate.sample_count, scale),
    }),
  };
}

/** A short stable digest of a job's input, for its request key (identical requests join). */
export const digest = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 32);
