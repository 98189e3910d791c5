import type { z } from 'zod';
import type { audienceRefSchema } from '@murmur/core/api';
import type { TargetingPackage } from '@murmur/core/targeting';
import type { UserRow } from '../../db/schema';
import { requireNonEmpty } from '../../engine/engine-audience';
import { NotFound } from '../../errors';
import type { AudienceConfigsService } from './audience-configs.service';

export type AudienceRefInput = z.output<typeof audienceRefSchema>;

/** An audience to analyse: its package, its exclusions (config ids) and the config it came from. */
export interface ResolvedAudience {
  pkg: TargetingPackage;
  exclusionIds: number[];
  exclusions: TargetingPackage[];
  configId: number | undefined;
  /** The saved audience's name; undefined for a package. */
  name: string | undefined;
  /** The team of that config, whose job cap the work counts against. */
  teamId: number | undefined;
}

/**
 * A package, or a config the caller may read (404 otherwise: unknown and other teams' ids read the
 * same) with its own exclusions plus `extra`. An empty package is the engine's 400.
 */
export async function resolveAudience(
  configs: AudienceConfigsService,
  user: UserRow,
  ref: AudienceRefInput,
  extra: number[] = [],
): Promise<ResolvedAudience> {
  let pkg = ref.targeting_package;
  let exclusionIds = extra;
  let configId: number | undefined;
  let name: string | undefined;
  let teamId: number | undefined;
  if (ref.audience_config_id !== undefined) {
    const { config } = await configs.readable(user, ref.audience_config_id);
    pkg = config.targetingPackage;
    exclusionIds = [...new Set([...config.exclusions, ...extra])];
    configId = config.id;
    name = config.name;
    teamId = config.teamId ?? undefined;
  }
  if (!pkg) throw new NotFound();
  requireNonEmpty(pkg);
  const exclusions = await configs.exclusionPackages(user, exclusionIds);
  return { pkg, exclusionIds, exclusions, configId, name, teamId };
}
