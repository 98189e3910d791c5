import type { Age, AgeBand } from '@murmur/core/targeting';

/** An age band as exported ("18-20", "55+") as [lowest, highest] age; undefined if unreadable. */
export function parseBand(raw: string): [number, number] | undefined {
  const range = /^(\d+)\s*-\s*(\d+)$/.exec(raw);
  if (range) return [Number(range[1]), Number(range[2])];
  const open = /^(\d+)\s*\+$/.exec(raw);
  return open ? [Number(open[1]), Number.POSITIVE_INFINITY] : undefined;
}

/**
 * Whether everyone in the exported band `raw` falls inside the SPEC §3 age value: AGE_OVER_N means
 * aged N or more; a band "a-b" means a to b inclusive. The sandbox's bands (13-17, 18-20, 21-24,
 * 25-34, 35-49, 50-54, 55+) share every SPEC edge, so each SPEC value is an exact union of them; a
 * band straddling an edge is left out rather than half-counted.
 */
export function bandWithin(raw: string, value: Age | AgeBand): boolean {
  const band = parseBand(raw);
  if (!band) return false;
  if (value === 'AGE_ANY') return true;
  const over = /^AGE_OVER_(\d+)$/.exec(value);
  if (over) return band[0] >= Number(over[1]);
  const spec = parseBand(value);
  return spec !== undefined && band[0] >= spec[0] && band[1] <= spec[1];
}
