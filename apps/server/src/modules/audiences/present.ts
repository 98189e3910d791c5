import type { AudienceConfig } from '@murmur/core/api';
import { countFigure, estimateOfStored, populationEstimate, samplingOfStored } from '@murmur/core/sampling';
import type { EngineSampling } from '../../engine/engine-audience';
import type { JoinedConfig } from './audience-configs.repository';

/**
 * A stored config as the API shows it (docs/API-AUDIENCES.md "AudienceConfig"); `sampling`: the
 * engine's sample, the denominator of the size's interval.
 */
export function presentConfig(
  { config: c, owner, team, category, hasInsights, status }: JoinedConfig,
  sampling: EngineSampling,
): AudienceConfig {
  const firstCountry = c.targetingPackage.countries[0];
  const stored = samplingOfStored(c.size, c.sampleCount, sampling.sampleSize, sampling.scale);
  const sizeFigure = populationEstimate(c.sampleCount, stored);
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    category: category && { id: category.id, name: category.name },
    categories: category ? [{ name: category.name }] : [],
    country: firstCountry?.label ?? null,
    targeting_package: c.targetingPackage,
    exclusions: c.exclusions,
    size: c.size,
    sample_count: c.sampleCount,
    size_bucket: c.sizeBucket,
    core_audience: c.coreAudience,
    total_native: c.totalNative,
    pro_targeting_size: c.proTargetingSize,
    size_figure: sizeFigure,
    upload_figure: countFigure(c.sampleCount, 'upload'),
    // The stored core and pro-targeting sizes are of the same sample, at the same rate as the size.
    core_figure: estimateOfStored(c.coreAudience, stored),
    native_figure: c.totalNative === c.size ? sizeFigure : estimateOfStored(c.totalNative, stored),
    pro_targeting_figure: estimateOfStored(c.proTargetingSize, stored),
    status,
    has_insights: hasInsights,
    is_super_insights: c.isSuperInsights,
    targetable: c.targetable,
    created_by: {
      id: owner.id,
      email: owner.email,
      name: `${owner.firstName} ${owner.lastName}`.trim(),
    },
    team: team && { id: team.id, slug: team.slug, name: team.name },
    ad_account: null,
    created: c.created.toISOString(),
    modified: c.modified.toISOString(),
  };
}
