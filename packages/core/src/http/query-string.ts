/** One query value as text, or undefined when it is to be skipped. */
function queryValue(value: unknown): string | undefined {
  // SPEC §7: empty values are skipped.
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return undefined; // functions and symbols have no query form
}

/**
 * SPEC §7: the optional query string of a request — '' or '?a=1&b=x'. Array values become
 * repeated keys (`ids=1&ids=2`); undefined, null and '' are skipped, also inside arrays; numbers
 * and booleans are stringified, Dates sent as ISO 8601, other objects as JSON.
 */
export function buildQueryString(query?: Record<string, unknown> | null): string {
  const pairs: string[] = [];
  for (const [key, raw] of Object.entries(query ?? {})) {
    const values: unknown[] = Array.isArray(raw) ? raw.flat(Infinity) : [raw];
    for (const value of values) {
      const text = queryValue(value);
      if (text !== undefined) pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
    }
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}
