import { createHash } from 'node:crypto';
import type { Estimate } from '@murmur/core/api';
import {
  EMPTY_TARGETING_MESSAGE,
  isTargetingPackageNonEmpty,
  type TargetingPackage,
} from '@murmur/core/targeting';
import type { AudienceEstimate } from '@murmur/engine';
import { BadRequest } from '../errors';

/** SPEC §5: an empty package is refused with the SPEC's message, as a body-level error. */
export function requireNonEmpty(pkg: TargetingPackage): void {
  if (!isTargetingPackageNonEmpty(pkg)) throw new BadRequest({ non_field_errors: [EMPTY_TARGETING_MESSAGE] });
}

/** The engine's estimate in the API's snake_case shape (docs/API-AUDIENCES.md "Estimate"). */
export function toEstimate(e: AudienceEstimate): Estimate {
  return {
    sample_count: e.sampleCount,
    population_estimate: e.populationEstimate,
    size_bucket: e.sizeBucket,
    unmatched: e.unmatched.map((u) => ({ criterion: u.criterion, label: u.label })),
    handles_truncated: e.handlesTruncated,
  };
}

/** A short stable digest of a job's input, for its request key (identical requests join). */
export const digest = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 32);
