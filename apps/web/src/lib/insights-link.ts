import type { TargetingPackageInput } from '@murmur/core/targeting';

/** A saved audience (audience config id) or an unsaved targeting package. */
export type InsightsTarget = { config: number | string } | { package: TargetingPackageInput };

/** UTF-8 safe base64url (no padding) of a JSON value, for package query parameters. */
export const encodePackage = (pkg: TargetingPackageInput): string => {
  const bytes = new TextEncoder().encode(JSON.stringify(pkg));
  let binary = '';
  bytes.forEach((byte) => (binary += String.fromCharCode(byte)));
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
};

/** The package of a `?package=` parameter, or null when it is not valid base64url JSON. */
export const decodePackage = (value: string): unknown => {
  try {
    const base64 = value.replaceAll('-', '+').replaceAll('_', '/');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return null;
  }
};

/**
 * The insights screen of a team: `?config=<id>` for a saved audience, `?package=<base64url(JSON)>` for
 * an unsaved one. Shared by every screen that links to insights (and by the insights screen itself).
 */
export const insightsPath = (teamSlug: string | null, target: InsightsTarget): string => {
  // Without a team: the standalone /insights (SPEC §6: signed-out visitors are asked to sign in there).
  const base = teamSlug === null ? '/insights' : `/${encodeURIComponent(teamSlug)}/insights`;
  return 'config' in target
    ? `${base}?config=${encodeURIComponent(String(target.config))}`
    : `${base}?package=${encodePackage(target.package)}`;
};

/** The audience creator of a team, optionally prefilled with a package ("build an audience from this"). */
export const creatorPath = (teamSlug: string, pkg?: TargetingPackageInput): string => {
  const base = `/${encodeURIComponent(teamSlug)}/creator`;
  return pkg === undefined ? base : `${base}?package=${encodePackage(pkg)}`;
};

/** The lookalike screen of a team for a saved audience as its seed (docs/API-AUDIENCES.md "Lookalikes"). */
export const lookalikePath = (teamSlug: string, seedConfigId: number): string =>
  `/${encodeURIComponent(teamSlug)}/lookalikes?seed=${seedConfigId}`;
