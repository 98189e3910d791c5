import { API_KEY_PREFIX, type ApiKey, type CreateApiKey, type CreatedApiKey } from '@murmur/core/api';
import type { ApiKeyRow, TeamRow, UserRow } from '../../db/schema';
import { NotFound } from '../../errors';
import type { Clock } from '../../lib/clock';
import { randomKey, sha256 } from '../../lib/crypto';
import type { ApiKeysRepository } from './api-keys.repository';

/** The team admin check of modules/teams (teamsService.adminAccess): 404 for strangers, 403 for members. */
export interface TeamAdminAccess {
  adminAccess(user: UserRow, teamRef: string): Promise<{ team: TeamRow }>;
}

/** A key's creation or revocation, for an audit log to record (wired in modules/index.ts). */
export interface ApiKeyChange {
  type: 'created' | 'revoked';
  teamId: number;
  keyId: number;
  userId: number;
  name: string;
  scopes: readonly string[];
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

const present = (row: ApiKeyRow, creator: { id: number; email: string } | null): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  rate_limit_per_minute: row.rateLimitPerMinute,
  usage_count: row.usageCount,
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  created: row.created.toISOString(),
  revoked_at: row.revokedAt?.toISOString() ?? null,
  created_by: creator,
});

/** Team admins make, list and revoke their team's API keys (docs/API-KEYS.md). */
export function createApiKeysService(deps: {
  repo: ApiKeysRepository;
  teams: TeamAdminAccess;
  clock: Clock;
  onKeyChange?: ((change: ApiKeyChange) => void) | undefined;
}) {
  const { repo, teams, clock } = deps;
  return {
    async list(user: UserRow, teamRef: string): Promise<ApiKey[]> {
      const { team } = await teams.adminAccess(user, teamRef);
      const rows = await repo.list(team.id);
      return rows.map(({ key, creator }) => present(key, creator?.id == null ? null : creator));
    },

    /** The key's whole value is in this answer only; the server keeps its SHA-256. */
    async create(user: UserRow, teamRef: string, input: Required<CreateApiKey>): Promise<CreatedApiKey> {
      const { team } = await teams.adminAccess(user, teamRef);
      // 32 random bytes: 256 bits, so one SHA-256 (no slow hash) is enough to keep it safe at rest.
      const key = `${API_KEY_PREFIX}${randomKey(32)}`;
      const row = await repo.create({
        teamId: team.id,
        createdBy: user.id,
        name: input.name,
        keyHash: sha256(key),
        prefix: key.slice(0, API_KEY_PREFIX.length + 6),
        scopes: [...new Set(input.scopes)],
        rateLimitPerMinute: input.rate_limit_per_minute,
        created: clock.now(),
      });
      deps.onKeyChange?.({
        type: 'created',
        teamId: team.id,
        keyId: row.id,
        userId: user.id,
        name: row.name,
        scopes: row.scopes,
      });
      return { ...present(row, { id: user.id, email: user.email }), key };
    },

    async revoke(user: UserRow, teamRef: string, id: number): Promise<void> {
      const { team } = await teams.adminAccess(user, teamRef);
      const row = await repo.revoke(team.id, id, clock.now());
      if (!row) throw new NotFound();
      deps.onKeyChange?.({
        type: 'revoked',
        teamId: team.id,
        keyId: row.id,
        userId: user.id,
        name: row.name,
        scopes: row.scopes,
      });
    },
  };
}
