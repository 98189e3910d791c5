import type { UserRow } from '../../db/schema';
import type { XAudiencesRepository } from './x-audiences.repository';
import type { EngineHolder } from '../../engine/engine-holder';
import { BadRequest } from '../../errors';
import type { XAdsClient, XUserTokens } from '../../integrations/x';
import type { UploadPermission } from '@murmur/core/api';
import {
  EMPTY_AUDIENCE,
  hashHandle,
  NEED_SUBSCRIPTION,
  OWNER_RECONNECT,
  type destinationOf,
} from './upload-guards';

/**
 * A reach plan pushed to X (docs/API-AUDIENCES.md "Reach planner"): account sets the caller composed
 * from saved audiences they may read (the union of a plan, or one step less the earlier ones) as new
 * custom audiences on a team's granted ad account, under the conditions of an upload (the monthly
 * allowance asked before each). Not kept as upload rows (those are one saved audience each), so not
 * followed through X's processing: X's ids come back. Each is kept as a pushed audience, which the
 * month's usage counts as an upload.
 */
export function createSetUploads(deps: {
  repo: Pick<XAudiencesRepository, 'insertPushed'>;
  tokensOf: (userId: number) => Promise<XUserTokens | undefined>;
  uploadAllowance: (teamId: number) => Promise<UploadPermission>;
  ads: XAdsClient;
  engine: EngineHolder;
  xGuard: <T>(run: () => Promise<T>) => Promise<T>;
  destination: (
    user: UserRow,
    input: { team: string; account_id: string },
  ) => ReturnType<typeof destinationOf>;
}) {
  const { ads, engine, xGuard } = deps;
  return async (
    user: UserRow,
    target: { team: string; account_id: string },
    sets: readonly { name: string; description: string; members: Uint32Array }[],
  ): Promise<{ customAudienceId: string; name: string; uploadedCount: number }[]> => {
    const { team, accountId, grant } = await deps.destination(user, target);
    const tokens = await deps.tokensOf(grant.userId);
    if (!tokens) throw new BadRequest({ account_id: [OWNER_RECONNECT] });
    const e = engine.get();
    const pushed = [];
    for (const set of sets) {
      const handles = e.describeAccounts(set.members).map((a) => a.handle);
      if (handles.length === 0) continue;
      const allowance = await deps.uploadAllowance(team.id);
      if (!allowance.allowed)
        throw new BadRequest({ non_field_errors: [allowance.reason ?? NEED_SUBSCRIPTION] });
      const { id } = await xGuard(() =>
        ads.createCustomAudience(tokens, accountId, set.name, set.description),
      );
      const sent = await xGuard(() => ads.uploadHandleHashes(tokens, accountId, id, handles.map(hashHandle)));
      // The engine learns it under its X id and its name, as an upload (packages name either).
      e.registerCustomAudience(id, set.members);
      e.registerCustomAudience(set.name, set.members);
      await deps.repo.insertPushed({
        teamId: team.id,
        userId: user.id,
        accountId,
        customAudienceId: id,
        name: set.name,
        uploadedCount: sent.success_count,
      });
      pushed.push({ customAudienceId: id, name: set.name, uploadedCount: sent.success_count });
    }
    if (pushed.length === 0) throw new BadRequest({ non_field_errors: [EMPTY_AUDIENCE] });
    return pushed;
  };
}
