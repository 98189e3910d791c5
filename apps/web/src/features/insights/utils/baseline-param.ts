import type { InsightsBaseline } from '@murmur/core/api';

/** The search parameter that keeps the chosen baseline in the address (absent: the whole network). */
export const BASELINE_PARAM = 'baseline';

export const NETWORK_BASELINE: InsightsBaseline = { kind: 'network' };

/**
 * The baseline a `?baseline=` value names: `country:JP`, `audience:12`, anything else (or nothing)
 * the whole network, so an old or mistyped link still opens a report.
 */
export function parseBaseline(value: string | null): InsightsBaseline {
  const [kind, ref] = (value ?? '').split(':', 2);
  if (kind === 'country' && ref !== undefined && /^[A-Za-z]{2}$/.test(ref))
    return { kind: 'country', country: ref.toUpperCase() };
  const id = Number(ref);
  if (kind === 'audience' && Number.isInteger(id) && id > 0)
    return { kind: 'audience', audience_config_id: id };
  return NETWORK_BASELINE;
}

/** The `?baseline=` value of a baseline (also the select's option value); 'network' for the network. */
export const baselineValue = (baseline: InsightsBaseline): string =>
  baseline.kind === 'country'
    ? `country:${baseline.country}`
    : baseline.kind === 'audience'
      ? `audience:${baseline.audience_config_id}`
      : 'network';
