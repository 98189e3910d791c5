import { countriesToSend, handlesToApply } from '@murmur/core/targeting';
import type { XAdsClient, XTargetingCriterion, XUserTokens } from '../../integrations/x';
import type { UsageRow } from './x-audiences.repository';

/**
 * The autopilot's application of a usage's package to its line item on X, with the rules the
 * extension applies by hand (SPEC §9): the first 100 handles as follower look-alikes, keywords,
 * targetable custom audiences by name, countries only when fewer than 50. Interests, which need X's
 * catalogue ids, are not re-applied by the autopilot.
 */
export async function applyUsageToLineItem(
  ads: XAdsClient,
  tokens: XUserTokens,
  usage: UsageRow,
): Promise<{ created: number; refused: number }> {
  if (!usage.lineItemId) return { created: 0, refused: 0 };
  const pkg = usage.targetingPackage;
  const criteria: XTargetingCriterion[] = [];
  const live = <T extends { deselected?: boolean | undefined }>(items: readonly T[]) =>
    items.filter((i) => i.deselected !== true);
  for (const h of handlesToApply(live(pkg.handles)).handles) {
    const handle = (h.handle ?? h.label ?? '').replace(/^@/, '');
    if (handle)
      criteria.push({ targeting_type: 'FOLLOWER_LOOK_ALIKES', targeting_value: handle, operator_type: 'EQ' });
  }
  for (const k of live(pkg.keywords)) {
    const keyword = k.label ?? k.handle ?? '';
    if (keyword)
      criteria.push({ targeting_type: 'BROAD_KEYWORD', targeting_value: keyword, operator_type: 'EQ' });
  }
  if (pkg.custom_audiences.length > 0) {
    const audiences = await ads.customAudiences(tokens, usage.adAccountId);
    for (const item of pkg.custom_audiences) {
      const key = item.name.trim().toLowerCase();
      const found = audiences.find((a) => a.name.trim().toLowerCase() === key && a.targetable);
      if (found)
        criteria.push({ targeting_type: 'CUSTOM_AUDIENCE', targeting_value: found.id, operator_type: 'EQ' });
    }
  }
  for (const code of countriesToSend(usage.countries)) {
    const value = await ads.countryLocation(tokens, code);
    if (value) criteria.push({ targeting_type: 'LOCATION', targeting_value: value, operator_type: 'EQ' });
  }
  return ads.replaceLineItemTargeting(tokens, usage.adAccountId, usage.lineItemId, criteria);
}
