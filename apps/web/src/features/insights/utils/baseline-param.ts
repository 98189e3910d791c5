import type { InsightsBaseline } from '@murmur/core/api';

/** The search parameter that keeps the chosen baseline in the address (absent: the whole network). */
export const BASELINE_PARAM = 'baseline';

export const NETWORK_BASELINE: InsightsBaseline = { kind: 'network' };

/**
 * The baseline a `?baseline=` value names: `country:JP`, `audience:12`, `earlier:2026-11-20` (a
 * point of the saved audience shown, `currentConfigId`), anything else (or nothing) the whole
 * network, so an old or mistyped link still opens a report.
 */
export function parseBaseline(value: string | null, currentConfigId: number | null = null): InsightsBaseline {
  const [kind, ref] = (value ?? '').split(':', 2);
  if (kind === 'earlier' && currentConfigId !== null && ref !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(ref))
    return { kind: 'earlier', audience_config_id: currentConfigId, day: ref };
  if (kind === 'country' && ref !== undefined && /^[A-Za-z]{2}$/.test(ref))
    return { kind: 'country', country: ref.toUpperCase() };
  const id = Number(ref);
  if (kind === 'audience' && Number.isInteger(id) && id > 0)
    return { kind: 'audience', audience_config_id: id };
  return NETWORK_BASELINE;
}

/** The `?baseline=` value of a baseline (also the select's option value); 'network' for the network. */
export function baselineValue(baseline: InsightsBaseline): string {
  switch (baseline.kind) {
    case 'country':
      return `country:${baseline.country}`;
    case 'audience':
      return `audience:${baseline.audience_config_id}`;
    case 'earlier':
      return `earlier:${baseline.day}`;
    case 'network':
      return 'network';
  }
}
