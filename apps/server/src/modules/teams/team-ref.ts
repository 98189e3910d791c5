import { SLUG_PATTERN } from '@murmur/core/api';
import { isDbId } from '../../lib/db-id';
import type { TeamRef } from './teams.repository';

/**
 * Team routes accept the id or the slug in the same place (docs/API.md writes both {slug} and
 * {team_id}). Slugs always contain a letter (see slug.ts), so all-digit values are ids.
 * Undefined when the value can name no team at all.
 */
export function parseTeamRef(value: string): TeamRef | undefined {
  const v = value.trim().toLowerCase();
  if (/^\d+$/.test(v)) return isDbId(Number(v)) ? { id: Number(v) } : undefined;
  return SLUG_PATTERN.test(v) ? { slug: v } : undefined;
}
