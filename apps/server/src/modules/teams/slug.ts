import { sha256 } from '../../lib/crypto';

/** Room left under the 50-character slug limit (core SLUG_PATTERN) for a "-<n>" suffix. */
const BASE_MAX = 40;

/**
 * A URL slug from a team name: ASCII letters and digits joined by dashes. A name without any (e.g.
 * Japanese) gets "team-" and six letters and digits drawn from the name itself, so that two such
 * teams differ and none reads as the team settings page ("/team/team"); all-digit results get a
 * "team-" prefix, because all-digit path values are read as team ids (team-ref.ts).
 */
export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, BASE_MAX)
    .replace(/^-+|-+$/g, '');
  if (!base) return `team-${nameDigest(name)}`;
  return /^\d+$/.test(base) ? `team-${base}`.slice(0, BASE_MAX).replace(/-+$/, '') : base;
}

/** Six base-36 characters of the name's SHA-256, starting with a letter. */
function nameDigest(name: string): string {
  const digits = BigInt(`0x${sha256(name.normalize('NFC').trim())}`).toString(36);
  return `${String.fromCharCode(97 + (digits.charCodeAt(0) % 26))}${digits.slice(1, 6)}`;
}

/** `base`, or `base-2`, `base-3`, … — the first one not in `taken`. */
export function firstFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
