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
 * allowance asked before each). Each is kept as an upload row with no saved audience of its own
 * (`audience_plan_id` names the plan): listed with the team's uploads, followed through X's
 * processing until targetable, and counted in the month's uploads.
 */
export function createSetUploads(deps: {
  repo: Pick<XAudiencesRepository, 'insertUpload'>;
  clock: { now(): Date };
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
    target: { team: string; account_id: string; plan_id: number },
    sets: readonly { name: string; description: string; members: Uint32Array }[],
  ): Promise<{ uploadId: number; customAudienceId: string; name: string; uploadedCount: number }[]> => {
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
      const now = deps.clock.now();
      const row = await deps.repo.insertUpload({
        audienceConfigId: null,
        audiencePlanId: target.plan_id,
        teamId: team.id,
        userId: user.id,
        accountId,
        accountName: grant.name,
        customAudienceId: id,
        name: set.name,
        state: 'processing',
        targetable: false,
        uploadedCount: sent.success_count,
        audienceSize: 0,
        created: now,
        checked: now,
      });
      // The engine (and its shards) learn it under its X id and its name, as an upload (packages name
      // either); after the row, so that a failure here leaves no custom audience on X unrecorded.
      await engine.registerSet(id, set.members);
      await engine.registerSet(set.name, set.members);
      pushed.push({
        uploadId: row.id,
        customAudienceId: id,
        name: set.name,
        uploadedCount: sent.success_count,
      });
    }
    if (pushed.length === 0) throw new BadRequest({ non_field_errors: [EMPTY_AUDIENCE] });
    return pushed;
  };
}
