import type { z } from 'zod';
import type { InsightsBaselineUsed, insightsBaselineSchema } from '@murmur/core/api';
import { countryByCode } from '@murmur/core/countries';
import { populationEstimate } from '@murmur/core/sampling';
import { targetingPackageSchema } from '@murmur/core/targeting';
import { AccountSet, type AudienceEngine } from '@murmur/engine';
import type { AudiencePointRow, UserRow } from '../../db/schema';
import type { EngineSampling } from '../../engine/engine-audience';
import type { AudienceInput } from '../../engine/engine-tasks';
import { BadRequest } from '../../errors';
import type { AudienceConfigsService } from './audience-configs.service';
import type { MembershipService } from './membership.service';

export type InsightsBaselineInput = z.output<typeof insightsBaselineSchema>;

/** A requested baseline made concrete: what to label it and which accounts the engine evaluates. */
export interface ResolvedBaseline {
  kind: InsightsBaselineInput['kind'];
  label: string;
  /** The country code or saved audience id; absent for the whole network. */
  ref?: string | number;
  /** The baseline's accounts as a package to evaluate; absent for the whole network (the fast path). */
  query?: AudienceInput;
  /** An earlier point's members (X ids), found in the engine when the report is computed. */
  ids?: string[];
}

/** What resolving a baseline reads: saved audiences, and for an earlier point the history. */
export interface BaselineSources {
  configs: AudienceConfigsService;
  /** The history's points (history.repository.ts); none: earlier points are refused. */
  points?: { atOrBefore(configId: number, day: string): Promise<AudiencePointRow | undefined> };
  membership?: Pick<MembershipService, 'membersOn'>;
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

/** The label the API gives an earlier point (the web shows its own translated text). */
export const earlierLabel = (day: string): string => `This audience on ${day}`;

const refuse = (message: string): never => {
  throw new BadRequest({ baseline: [message] });
};

/**
 * An earlier point of the audience the insights are for (`audienceId`, already read by the caller):
 * its recorded members. 400 for a point of any other audience (never read, so nothing about it
 * leaks), for a day without a point and for a point whose members were not kept.
 */
async function earlierBaseline(
  baseline: { audience_config_id: number; day: string },
  audienceId: number | undefined,
  sources: BaselineSources,
): Promise<ResolvedBaseline> {
  if (audienceId === undefined || baseline.audience_config_id !== audienceId) {
    return refuse('An earlier point must be one of the saved audience the insights are for.');
  }
  const { points, membership } = sources;
  if (!points || !membership) return refuse('Earlier points are not kept on this server.');
  const point = await points.atOrBefore(audienceId, baseline.day);
  if (point?.day !== baseline.day) return refuse('This audience has no point on that day.');
  const members = await membership.membersOn(audienceId, baseline.day);
  if ('unavailable' in members) {
    return refuse(
      members.unavailable === 'over_cap'
        ? 'This audience was too large on that day for its members to be kept.'
        : 'The members of this audience on that day were not recorded.',
    );
  }
  return { kind: 'earlier', label: earlierLabel(point.day), ref: point.day, ids: members.ids };
}

/**
 * The baseline of an insights request: the whole network when none is named; a saved audience only
 * when the caller may read it and each of its exclusions (404, as reading that audience would be);
 * an earlier point only of the audience the insights are for (`audienceId`, read already).
 */
export async function resolveBaseline(
  user: UserRow,
  baseline: InsightsBaselineInput | undefined,
  sources: BaselineSources,
  audienceId?: number,
): Promise<ResolvedBaseline> {
  if (baseline === undefined || baseline.kind === 'network') return NETWORK;
  if (baseline.kind === 'country') return countryBaseline(baseline.country);
  if (baseline.kind === 'earlier') return earlierBaseline(baseline, audienceId, sources);
  const { configs } = sources;
  const { config } = await configs.readable(user, baseline.audience_config_id);
  const exclusions = await configs.exclusionPackages(user, config.exclusions);
  return {
    kind: 'audience',
    label: config.name,
    ref: config.id,
    query: { pkg: config.targetingPackage, exclusions },
  };
}

/**
 * What the report says about its baseline: kind, label, reference and size as an estimate; for an
 * earlier point, how many of its members the index no longer has (`dropped`).
 */
export function baselineUsed(
  resolved: ResolvedBaseline,
  sampleCount: number,
  sampling: EngineSampling,
  dropped?: number,
): InsightsBaselineUsed {
  const size = populationEstimate(sampleCount, { sampleSize: sampling.sampleSize, rate: sampling.scale });
  const { kind, label, ref } = resolved;
  return {
    kind,
    label,
    ...(ref !== undefined && { ref }),
    size,
    ...(dropped !== undefined && { dropped }),
  };
}

/**
 * An earlier point's members as the engine's accounts: each X id found in the index (the engine's
 * `findAccountById`), and how many it no longer has.
 */
export function accountsOfIds(
  engine: Pick<AudienceEngine, 'findAccountById' | 'stats'>,
  ids: readonly string[],
): { set: AccountSet; dropped: number } {
  const numbers: number[] = [];
  for (const id of ids) {
    const n = engine.findAccountById?.(id);
    if (n !== undefined) numbers.push(n);
  }
  return {
    set: AccountSet.fromNumbers(engine.stats.accounts, numbers),
    dropped: ids.length - numbers.length,
  };
}
