/** Room left under the 50-character slug limit (core SLUG_PATTERN) for a "-<n>" suffix. */
const BASE_MAX = 40;

/**
 * A URL slug from a team name: ASCII letters and digits joined by dashes. Names without any (e.g.
 * Japanese) become "team"; all-digit results get a "team-" prefix, because all-digit path values
 * are read as team ids (team-ref.ts).
 */
export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, BASE_MAX)
    .replace(/^-+|-+$/g, '');
  if (!base) return 'team';
  return /^\d+$/.test(base) ? `team-${base}`.slice(0, BASE_MAX).replace(/-+$/, '') : base;
}

/** `base`, or `base-2`, `base-3`, … — the first one not in `taken`. */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
