import type { z } from 'zod';
import type { InsightsBaselineUsed, insightsBaselineSchema } from '@murmur/core/api';
import { countryByCode } from '@murmur/core/countries';
import { populationEstimate } from '@murmur/core/sampling';
import { targetingPackageSchema } from '@murmur/core/targeting';
import type { UserRow } from '../../db/schema';
import type { EngineSampling } from '../../engine/engine-audience';
import type { AudienceInput } from '../../engine/engine-tasks';
import { BadRequest } from '../../errors';
import type { AudienceConfigsService } from './audience-configs.service';

export type InsightsBaselineInput = z.output<typeof insightsBaselineSchema>;

/** A requested baseline made concrete: what to label it and which accounts the engine evaluates. */
export interface ResolvedBaseline {
  kind: InsightsBaselineInput['kind'];
  label: string;
  /** The country code or saved audience id; absent for the whole network. */
  ref?: string | number;
  /** The baseline's accounts as a package to evaluate; absent for the whole network (the fast path). */
  query?: AudienceInput;
}

/** The label the API gives the whole network (the web shows its own translated text). */
export const NETWORK_LABEL = 'Whole network';

const NETWORK: ResolvedBaseline = { kind: 'network', label: NETWORK_LABEL };

/** A country's accounts: the package of that one country (location only, as the creator builds it). */
function countryBaseline(code: string): ResolvedBaseline {
  const country = countryByCode(code);
  // The request schema already refused unknown codes; this keeps the service safe on its own.
  if (!country) throw new BadRequest({ baseline: ['Unknown country code.'] });
  const pkg = targetingPackageSchema.parse({ countries: [{ label: country.name, id: country.code }] });
  return { kind: 'country', label: country.name, ref: country.code, query: { pkg } };
}

/**
 * The baseline of an insights request: the whole network when none is named; a saved audience only
 * when the caller may read it and each of its exclusions (404, as reading that audience would be).
 */
export async function resolveBaseline(
  user: UserRow,
  baseline: InsightsBaselineInput | undefined,
  configs: AudienceConfigsService,
): Promise<ResolvedBaseline> {
  if (baseline === undefined || baseline.kind === 'network') return NETWORK;
  if (baseline.kind === 'country') return countryBaseline(baseline.country);
  const { config } = await configs.readable(user, baseline.audience_config_id);
  const exclusions = await configs.exclusionPackages(user, config.exclusions);
  return {
    kind: 'audience',
    label: config.name,
    ref: config.id,
    query: { pkg: config.targetingPackage, exclusions },
  };
}

/** What the report says about its baseline: kind, label, reference and size as an estimate. */
export function baselineUsed(
  resolved: ResolvedBaseline,
  sampleCount: number,
  sampling: EngineSampling,
): InsightsBaselineUsed {
  const size = populationEstimate(sampleCount, { sampleSize: sampling.sampleSize, rate: sampling.scale });
  const { kind, label, ref } = resolved;
  return ref === undefined ? { kind, label, size } : { kind, label, ref, size };
}
